import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applySendingEvent, emptySendingHealth, type SendingHealthState } from '@reviewroute/shared';
import { addressHashOf } from '../../src/data/request-suppressions';
import type { ReviewRequestStore } from '../../src/data/review-requests';

/**
 * The reputation guard's stores (sending-health.ts, the platform's list in request-suppressions.ts), held by the
 * DynamoDB store (tests/integration/reputation-guard.test.ts) and the in-memory twin alike. Every test has owners
 * and addresses of its own, so a table shared with a running stack is fine. (The pause notices' queue is left to
 * the twin's tests: the local stack's pause-notices worker takes what is queued on its table.)
 */
export function describeSendingHealthContract(name: string, storeOf: () => ReviewRequestStore): void {
  const now = '2026-11-29T09:00:00.000Z';
  const sent = (state: SendingHealthState) => applySendingEvent('mail', state, { kind: 'sent' }, now);

  describe(`sending health and the platform's list (${name})`, () => {
    it('reads an owner who sent nothing as the empty state, and keeps each owner’s and channel’s apart', async () => {
      const store = storeOf();
      const [a, b] = [`health-${randomUUID()}`, `health-${randomUUID()}`];
      expect(await store.getSendingHealth(a, 'mail')).toEqual(emptySendingHealth);
      await store.updateSendingHealth(a, 'mail', sent);
      expect((await store.getSendingHealth(a, 'mail')).recent).toBe('.');
      expect(await store.getSendingHealth(a, 'text')).toEqual(emptySendingHealth);
      expect(await store.getSendingHealth(b, 'mail')).toEqual(emptySendingHealth);
    });

    it('loses no write of many at once, and writes nothing for a change that changes nothing', async () => {
      const store = storeOf();
      const owner = `health-${randomUUID()}`;
      await Promise.all(Array.from({ length: 12 }, () => store.updateSendingHealth(owner, 'mail', sent)));
      expect((await store.getSendingHealth(owner, 'mail')).recent).toBe('.'.repeat(12));
      const same = await store.updateSendingHealth(owner, 'mail', (state) => state);
      expect(same.after).toBe(same.before);
    });

    it('keeps a pause with its figures, and reads it back as written', async () => {
      const store = storeOf();
      const owner = `health-${randomUUID()}`;
      const paused: SendingHealthState = {
        recent: `${'.'.repeat(56)}ffff`,
        pausedAt: now,
        pauses: 1,
        pause: { cause: 'failed', sends: 60, failed: 4, complained: 0 },
        resumedAt: null,
      };
      const { before, after } = await store.updateSendingHealth(owner, 'mail', () => paused);
      expect(before).toEqual(emptySendingHealth);
      expect(after).toEqual(paused);
      expect(await store.getSendingHealth(owner, 'mail')).toEqual(paused);
    });

    it('skips an address on the platform’s list for every owner (the owner’s own reason first), and no owner’s erasure takes it', async () => {
      const store = storeOf();
      const [a, b] = [`health-${randomUUID()}`, `health-${randomUUID()}`];
      const address = `listed-${randomUUID()}@klant.example`;
      const hash = addressHashOf(address);
      await store.suppressForAll(address.toUpperCase(), 'complaint', now);
      await store.suppressForAll(address, 'bounced', now);
      expect(await store.suppressionsOf(a, [hash])).toEqual(new Map([[hash, 'complaint']]));
      await store.suppress(b, address, 'unsubscribed', now);
      expect(await store.suppressionsOf(b, [hash])).toEqual(new Map([[hash, 'unsubscribed']]));
      await store.updateSendingHealth(b, 'mail', sent);
      await store.deleteByOwner(b);
      expect(await store.getSendingHealth(b, 'mail')).toEqual(emptySendingHealth);
      expect(await store.suppressionsOf(b, [hash])).toEqual(new Map([[hash, 'complaint']]));
    });
  });
}

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ShortLinkStore } from '../../src/data/short-links';
import type { TextAllowanceStore } from '../../src/data/text-allowance';

/**
 * The texts' own stores (text-allowance.ts: the month's counts and the owner's request settings; short-links.ts),
 * held by the DynamoDB stores (tests/integration/sms-sending.test.ts) and the in-memory twins alike. Every test
 * has owners and codes of its own, so a table shared with a running stack is fine. The month's count itself is
 * taken by the claims' transaction (request-claims.ts), whose contract is the claims'.
 */
export function describeTextStoresContract(
  name: string,
  storesOf: () => { allowance: TextAllowanceStore; shortLinks: ShortLinkStore },
): void {
  describe(`text allowance and short links (${name})`, () => {
    it('reads an owner who chose nothing as waiting, keeps each owner’s choice, and erases it with the counts', async () => {
      const { allowance } = storesOf();
      const [a, b] = [`texts-${randomUUID()}`, `texts-${randomUUID()}`];
      expect(await allowance.getRequestSettings(a)).toEqual({ textsWhenSpent: 'wait' });
      expect(await allowance.setRequestSettings(a, { textsWhenSpent: 'email' })).toEqual({ textsWhenSpent: 'email' });
      expect(await allowance.getRequestSettings(a)).toEqual({ textsWhenSpent: 'email' });
      expect(await allowance.getRequestSettings(b)).toEqual({ textsWhenSpent: 'wait' });
      expect(await allowance.textsUsed(a, '2026-11')).toBe(0);
      // A count given back that was never taken stays at nothing.
      await allowance.giveBackText(a, '2026-11');
      expect(await allowance.textsUsed(a, '2026-11')).toBe(0);
      await allowance.deleteTextAllowanceOf(a);
      expect(await allowance.getRequestSettings(a)).toEqual({ textsWhenSpent: 'wait' });
      await allowance.deleteTextAllowanceOf(a);
    });

    it('resolves a short link by its code’s hash, takes the same again, and never moves a code to another request', async () => {
      const { shortLinks } = storesOf();
      const hash = `hash-${randomUUID()}`;
      const link = { purpose: 'link' as const, batchId: randomUUID(), recipientId: '00007' };
      expect(await shortLinks.getShortLink(hash)).toBeUndefined();
      await shortLinks.putShortLink(hash, link, 2_000_000_000);
      await shortLinks.putShortLink(hash, link, 2_000_000_000);
      expect(await shortLinks.getShortLink(hash)).toEqual(link);
      await expect(shortLinks.putShortLink(hash, { ...link, recipientId: '00008' }, 2_000_000_000)).rejects.toThrow();
      expect(await shortLinks.getShortLink(hash)).toEqual(link);
    });
  });
}

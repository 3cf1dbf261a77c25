import { describe, expect, it } from 'vitest';
import type { SendOutcome, SuppressionReason } from '@reviewroute/shared';
import { recordMailEvent, sesMailEventSchema, type MailEventDeps } from './mail-events';
import { reviewRequestTags } from './request-mail';
import { createWorker } from './mail-events-worker';

const owner = '2f0c6a4e-5b1d-4c0e-9a43-6b7f5c2d9e10';

/** An SES event as EventBridge delivers it, with the mail's tags as lists. */
const sesEvent = (detail: Record<string, unknown>, tags: Record<string, string> = reviewRequestTags(owner)) => ({
  version: '0',
  source: 'aws.ses',
  'detail-type': 'Email Bounced',
  detail: {
    ...detail,
    mail: { tags: Object.fromEntries(Object.entries(tags).map(([k, v]) => [k, [v]])), destination: ['x@y.example'] },
  },
});
const bounce = (bounceType: string, ...addresses: string[]) => ({
  eventType: 'Bounce',
  bounce: { bounceType, bouncedRecipients: addresses.map((emailAddress) => ({ emailAddress })) },
});
const complaint = (...addresses: string[]) => ({
  eventType: 'Complaint',
  complaint: { complainedRecipients: addresses.map((emailAddress) => ({ emailAddress })) },
});

function fakeDeps(active = true) {
  const suppressed: [string, string, SuppressionReason][] = [];
  const forAll: [string, SuppressionReason][] = [];
  const outcomes: [string, SendOutcome][] = [];
  const delivered: [string, string, string][] = [];
  const marked: [string, string, SuppressionReason][] = [];
  const deps: MailEventDeps = {
    suppress: async (userId, email, reason) => void suppressed.push([userId, email, reason]),
    suppressForAll: async (email, reason) => void forAll.push([email, reason]),
    recordOutcome: async (userId, outcome) => void outcomes.push([userId, outcome]),
    ownerIsActive: async () => active,
    markDelivered: async (request, at) => void delivered.push([request.batchId, request.recipientId, at]),
    markSuppressed: async (request, reason) => void marked.push([request.batchId, request.recipientId, reason]),
    now: () => new Date('2026-11-26T10:00:00Z'),
  };
  return { deps, suppressed, forAll, outcomes, delivered, marked };
}

describe('recordMailEvent', () => {
  it('puts every hard-bounced address of a review request on its owner’s and the platform’s list, and counts it', async () => {
    const { deps, suppressed, forAll, outcomes } = fakeDeps();
    const event = sesMailEventSchema.parse(sesEvent(bounce('Permanent', 'a@x.example', 'b@x.example')));
    expect(await recordMailEvent(deps, event)).toBe('suppressed');
    expect(suppressed).toEqual([
      [owner, 'a@x.example', 'bounced'],
      [owner, 'b@x.example', 'bounced'],
    ]);
    expect(forAll).toEqual([
      ['a@x.example', 'bounced'],
      ['b@x.example', 'bounced'],
    ]);
    expect(outcomes).toEqual([
      [owner, 'failed'],
      [owner, 'failed'],
    ]);
  });

  it('records a complaint as a complaint', async () => {
    const { deps, suppressed, forAll, outcomes } = fakeDeps();
    await recordMailEvent(deps, sesMailEventSchema.parse(sesEvent(complaint('c@x.example'))));
    expect(suppressed).toEqual([[owner, 'c@x.example', 'complaint']]);
    expect(forAll).toEqual([['c@x.example', 'complaint']]);
    expect(outcomes).toEqual([[owner, 'complained']]);
  });

  it('keeps the platform’s entry for an account that is gone or a mail without owner, and nothing of the owner', async () => {
    for (const [event, active] of [
      [sesEvent(complaint('a@x.example')), false],
      [sesEvent(bounce('Permanent', 'a@x.example'), { mail: 'review-request' }), true],
    ] as const) {
      const { deps, suppressed, forAll, outcomes } = fakeDeps(active);
      expect(await recordMailEvent(deps, sesMailEventSchema.parse(event))).toBe('suppressed');
      expect(forAll).toHaveLength(1);
      expect([...suppressed, ...outcomes]).toEqual([]);
    }
  });

  it('marks the row of the request that bounced or was complained about, so the owner’s list says so', async () => {
    const { deps, marked } = fakeDeps();
    const tags = reviewRequestTags(owner, { batchId: 'batch-1', recipientId: '00007' });
    await recordMailEvent(deps, sesMailEventSchema.parse(sesEvent(bounce('Permanent', 'a@x.example'), tags)));
    await recordMailEvent(deps, sesMailEventSchema.parse(sesEvent(bounce('Transient', 'a@x.example'), tags)));
    await recordMailEvent(deps, sesMailEventSchema.parse(sesEvent(complaint('a@x.example'), tags)));
    // A mail sent before its tags named its request: only the lists.
    await recordMailEvent(deps, sesMailEventSchema.parse(sesEvent(complaint('b@x.example'))));
    expect(marked).toEqual([
      ['batch-1', '00007', 'bounced'],
      ['batch-1', '00007', 'complaint'],
    ]);
  });

  it('marks the request of a delivered review request delivered, at the delivery’s time', async () => {
    const { deps, delivered, suppressed, forAll, outcomes } = fakeDeps();
    const tags = reviewRequestTags(owner, { batchId: 'batch-1', recipientId: '00007' });
    const event = sesEvent({ eventType: 'Delivery', delivery: { timestamp: '2026-11-26T10:00:03.000Z' } }, tags);
    expect(await recordMailEvent(deps, sesMailEventSchema.parse(event))).toBe('delivered');
    expect(delivered).toEqual([['batch-1', '00007', '2026-11-26T10:00:03.000Z']]);
    expect([...suppressed, ...forAll, ...outcomes]).toEqual([]);
  });

  it('ignores the delivery of a mail that names no request, or of another kind of mail', async () => {
    for (const tags of [
      reviewRequestTags(owner),
      { mail: 'owner-alert', owner, batch: 'batch-1', recipient: '00007' },
    ]) {
      const { deps, delivered } = fakeDeps();
      const event = sesMailEventSchema.parse(sesEvent({ eventType: 'Delivery', delivery: {} }, tags));
      expect(await recordMailEvent(deps, event)).toBe('ignored');
      expect(delivered).toEqual([]);
    }
  });

  it('ignores a soft bounce and another kind of mail', async () => {
    const cases = [
      sesEvent(bounce('Transient', 'a@x.example')),
      sesEvent(bounce('Permanent', 'a@x.example'), { mail: 'owner-alert', owner }),
    ];
    for (const event of cases) {
      const { deps, suppressed, forAll, outcomes } = fakeDeps();
      expect(await recordMailEvent(deps, sesMailEventSchema.parse(event))).toBe('ignored');
      expect([...suppressed, ...forAll, ...outcomes]).toEqual([]);
    }
  });
});

describe('the mail-events worker', () => {
  it('drops what is not an SES event and records one that is', async () => {
    const { deps, suppressed } = fakeDeps();
    const run = createWorker({ AWS_REGION: 'eu-west-1' } as never, () => deps);
    expect(await run({ source: 'aws.events', detail: {} })).toBe('ignored');
    expect(await run(undefined)).toBe('ignored');
    expect(await run(sesEvent(complaint('c@x.example')))).toBe('suppressed');
    expect(suppressed).toHaveLength(1);
  });
});

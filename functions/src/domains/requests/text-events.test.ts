import { describe, expect, it } from 'vitest';
import type { SendOutcome, SuppressionReason } from '@reviewroute/shared';
import { isOptOutReply, type TextEventDeps, type TextRequest } from './text-events';
import { createWorker } from './text-events-worker';
import { textContextOf } from './text-context';

const owner = '2f0c6a4e-5b1d-4c0e-9a43-6b7f5c2d9e10';
const request: TextRequest = { batchId: 'batch-1', recipientId: '00003' };

/** An SNS notification as Lambda's subscription delivers it, the service's JSON as its Message. */
const sns = (message: unknown) => ({
  Records: [{ EventSource: 'aws:sns', Sns: { Type: 'Notification', Message: JSON.stringify(message) } }],
});
const delivery = (eventType: string, isFinal: boolean, messageId = 'msg-1') => ({
  eventType,
  eventVersion: '1.0',
  eventTimestamp: Date.parse('2026-11-26T10:00:05Z'),
  isFinal,
  destinationPhoneNumber: '+31612345678',
  messageId,
  messageStatus: eventType.replace('TEXT_', ''),
  context: { ...textContextOf({ userId: owner, ...request }), idempotencyKey: 'batch-1/00003' },
});
const reply = (messageBody: string, previousPublishedMessageId = 'msg-1') => ({
  originationNumber: '+31612345678',
  destinationNumber: '+3197010000000',
  messageKeyword: messageBody.trim().toUpperCase(),
  messageBody,
  inboundMessageId: 'in-1',
  previousPublishedMessageId,
});

function fakeDeps(active = true) {
  const texts = new Map<string, TextRequest>();
  const state = { state: 'sent', deliveredAt: null as string | null, suppressedAs: null as SuppressionReason | null };
  const suppressed: [string, string, SuppressionReason][] = [];
  const outcomes: [string, SendOutcome][] = [];
  const deps: TextEventDeps = {
    rememberText: async (messageId, r) => void texts.set(messageId, r),
    textRequestOf: async (messageId) => texts.get(messageId),
    recipientOf: async (r) => (r.batchId === request.batchId ? { userId: owner } : undefined),
    markDelivered: async (_r, at) => void (state.deliveredAt ??= at),
    failDelivery: async () => {
      if (state.state !== 'sent') return false;
      state.state = 'failed';
      return true;
    },
    suppress: async (userId, phone, reason) => void suppressed.push([userId, phone, reason]),
    markSuppressed: async (_r, reason) => void (state.suppressedAs ??= reason),
    recordOutcome: async (userId, outcome) => void outcomes.push([userId, outcome]),
    ownerIsActive: async () => active,
    now: () => new Date('2026-11-26T10:00:00Z'),
  };
  return {
    deps,
    texts,
    state,
    suppressed,
    outcomes,
    run: createWorker({ AWS_REGION: 'eu-west-1' } as never, () => deps),
  };
}

describe('the text-events worker', () => {
  it('marks a text delivered when the network reports it (DELIVERED or SUCCESSFUL, the first report’s time)', async () => {
    const { run, state, outcomes } = fakeDeps();
    expect(await run(sns(delivery('TEXT_QUEUED', false)))).toEqual(['noted']);
    expect(state.deliveredAt).toBeNull();
    expect(await run(sns(delivery('TEXT_DELIVERED', true)))).toEqual(['delivered']);
    expect(await run(sns(delivery('TEXT_SUCCESSFUL', true)))).toEqual(['delivered']);
    expect(state).toMatchObject({ state: 'sent', deliveredAt: '2026-11-26T10:00:05.000Z' });
    expect(outcomes).toEqual([]);
  });

  it('fails a text the network could not deliver and counts it in the owner’s texts’ health once', async () => {
    const { run, state, outcomes } = fakeDeps();
    expect(await run(sns(delivery('TEXT_UNREACHABLE', true)))).toEqual(['failed']);
    // The same report again (SNS delivers at least once) moves nothing and counts nothing.
    expect(await run(sns(delivery('TEXT_UNREACHABLE', true)))).toEqual(['failed']);
    expect(state.state).toBe('failed');
    expect(outcomes).toEqual([[owner, 'failed']]);
  });

  it('puts a number that replied STOP (or STOPPEN) on the owner’s list, marks the row and counts an opt-out', async () => {
    for (const body of ['STOP', 'Stoppen']) {
      const { run, state, suppressed, outcomes } = fakeDeps();
      await run(sns(delivery('TEXT_QUEUED', false)));
      expect(await run(sns(reply(body)))).toEqual(['opted-out']);
      expect(suppressed).toEqual([[owner, '+31612345678', 'unsubscribed']]);
      expect(state.suppressedAs).toBe('unsubscribed');
      expect(outcomes).toEqual([[owner, 'complained']]);
    }
  });

  it('ignores other replies, a STOP to a text it does not know, and an erased owner’s texts', async () => {
    const known = fakeDeps();
    await known.run(sns(delivery('TEXT_QUEUED', false)));
    expect(await known.run(sns(reply('Thanks, it was lovely')))).toEqual(['ignored']);
    expect(await known.run(sns(reply('STOP', 'msg-unknown')))).toEqual(['ignored']);
    expect(known.suppressed).toEqual([]);

    // An erased owner's row is gone: nothing is remembered or marked; a failure counts nothing.
    const erased = fakeDeps(false);
    erased.deps.recipientOf = async () => undefined;
    expect(await erased.run(sns(delivery('TEXT_DELIVERED', true)))).toEqual(['ignored']);
    expect(erased.texts.size).toBe(0);
    expect(erased.state.deliveredAt).toBeNull();
    const erasing = fakeDeps(false);
    expect(await erasing.run(sns(delivery('TEXT_UNREACHABLE', true)))).toEqual(['failed']);
    expect(erasing.outcomes).toEqual([]);
  });

  it('takes a replayed dead letter too: an SNS envelope or the service’s bare JSON', async () => {
    const { run, state } = fakeDeps();
    expect(await run({ Type: 'Notification', Message: JSON.stringify(delivery('TEXT_QUEUED', false)) })).toEqual([
      'noted',
    ]);
    expect(await run(delivery('TEXT_DELIVERED', true))).toEqual(['delivered']);
    expect(state.deliveredAt).not.toBeNull();
  });

  it('ignores texts of no request and drops what is not an SNS notification', async () => {
    const { run, state } = fakeDeps();
    expect(await run(sns({ ...delivery('TEXT_DELIVERED', true), context: {} }))).toEqual(['ignored']);
    expect(await run({ source: 'aws.ses' })).toEqual([]);
    expect(await run(undefined)).toEqual(['ignored']);
    expect(await run(sns('not json at all'))).toEqual([]);
    expect(state.deliveredAt).toBeNull();
  });

  it('reads STOP and its Dutch twin as opt-outs, and nothing else', () => {
    for (const body of ['STOP', 'stop', ' Stop ', 'STOPPEN', 'Stoppen', 'stop all'])
      expect(isOptOutReply(body)).toBe(true);
    for (const body of ['Thanks!', 'stop it please', 'JA', '']) expect(isOptOutReply(body)).toBe(false);
  });
});

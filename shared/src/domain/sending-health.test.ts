import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applySendingEvent,
  emptySendingHealth,
  figuresOf,
  ownerMayResume,
  pauseCauseOf,
  resumedSending,
  sendingMinSends,
  sendingThresholds,
  sendingWindow,
  withOutcome,
  withSend,
  type SendingEvent,
  type SendingHealthState,
} from './sending-health';

const now = '2026-11-29T10:00:00.000Z';
const run = (events: SendingEvent[], from: SendingHealthState = emptySendingHealth) =>
  events.reduce((state, event) => applySendingEvent('mail', state, event, now), from);
const sent = (n: number): SendingEvent[] => Array.from({ length: n }, () => ({ kind: 'sent' }));
const bounced = (n: number): SendingEvent[] =>
  Array.from({ length: n }, () => ({ kind: 'outcome', outcome: 'failed' }));

const event: fc.Arbitrary<SendingEvent> = fc.oneof(
  { weight: 20, arbitrary: fc.constant<SendingEvent>({ kind: 'sent' }) },
  { weight: 1, arbitrary: fc.constant<SendingEvent>({ kind: 'outcome', outcome: 'failed' }) },
  { weight: 1, arbitrary: fc.constant<SendingEvent>({ kind: 'outcome', outcome: 'complained' }) },
);

describe('the reputation rule (decisions 26)', () => {
  it('pauses an owner whose last 60 request mails drew 4 hard bounces (6.7 %), with the figures', () => {
    const state = run([...sent(60), ...bounced(4)]);
    expect(state.pausedAt).toBe(now);
    expect(state.pauses).toBe(1);
    // 3 of 60 is 5 % already: the pause came at the third, and the fourth is in the window too.
    expect(state.pause).toEqual({ cause: 'failed', sends: 60, failed: 3, complained: 0 });
    expect(figuresOf(state.recent)).toEqual({ sends: 60, failed: 4, complained: 0 });
  });

  it('pauses once the 50th send comes, when the bounces came before it', () => {
    const before = run([...sent(4), ...bounced(4), ...sent(45)]);
    expect(before.pausedAt).toBeNull();
    expect(run(sent(1), before).pause).toEqual({ cause: 'failed', sends: 50, failed: 4, complained: 0 });
  });

  it('judges nothing below 50 sends, and keeps sending below the thresholds', () => {
    expect(run([...sent(49), ...bounced(10)]).pausedAt).toBeNull();
    expect(run([...sent(200), ...bounced(9)]).pausedAt).toBeNull();
    expect(run([...sent(200), ...bounced(10)]).pause?.cause).toBe('failed');
  });

  it('pauses on one complaint in the mail window (0.1 % of 200 is less than one)', () => {
    expect(run([...sent(50), { kind: 'outcome', outcome: 'complained' }]).pause).toEqual({
      cause: 'complained',
      sends: 50,
      failed: 0,
      complained: 1,
    });
  });

  it('looks at the last 200 sends only: old bounces age out', () => {
    const old = run([...sent(100), ...bounced(9), ...sent(200)]);
    expect(figuresOf(old.recent)).toEqual({ sends: 200, failed: 0, complained: 0 });
  });

  it('holds for any history: the window never exceeds 200 sends, a pause matches the rule on its figures', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 600 }), (events) => {
        let state = emptySendingHealth;
        for (const e of events) {
          const next = applySendingEvent('mail', state, e, now);
          const figures = figuresOf(next.recent);
          expect(figures.sends).toBeLessThanOrEqual(sendingWindow);
          expect(figures.failed + figures.complained).toBeLessThanOrEqual(figures.sends);
          if (!state.pausedAt && next.pausedAt) {
            // It paused exactly when the rule says so, on the figures it records.
            expect(next.pause).toMatchObject(figures);
            expect(figures.sends).toBeGreaterThanOrEqual(sendingMinSends);
            const { failed, complained } = sendingThresholds.mail;
            expect(figures.failed / figures.sends >= failed || figures.complained / figures.sends >= complained).toBe(
              true,
            );
          }
          if (!next.pausedAt) expect(pauseCauseOf('mail', figures)).toBeNull();
          // A pause is never lifted by what comes next.
          if (state.pausedAt) expect(next.pausedAt).toBe(state.pausedAt);
          state = next;
        }
      }),
    );
  });

  it('lets the owner resume the first pause with a fresh window, and only us the second', () => {
    const first = run([...sent(60), ...bounced(4)]);
    expect(ownerMayResume(first)).toBe(true);
    const resumed = resumedSending(first, now);
    expect(resumed).toMatchObject({ pausedAt: null, pauses: 1, recent: '', resumedAt: now });
    expect(ownerMayResume(resumed)).toBe(false);
    const second = run([...sent(60), ...bounced(4)], resumed);
    expect(second.pauses).toBe(2);
    expect(ownerMayResume(second)).toBe(false);
  });

  it('marks an outcome on the newest send without news, and none when every send has news', () => {
    expect(withOutcome('..f.', 'complained')).toBe('..fc');
    expect(withOutcome('.ff', 'failed')).toBe('fff');
    expect(withOutcome('fc', 'failed')).toBe('fc');
    expect(withSend('.'.repeat(sendingWindow))).toHaveLength(sendingWindow);
  });

  it('uses the texts’ complaint share for texts (0.3 %)', () => {
    expect(sendingThresholds.text.complained).toBe(0.003);
    expect(pauseCauseOf('text', { sends: 200, failed: 0, complained: 1 })).toBe('complained');
  });
});

import { describe, expect, it } from 'vitest';
import { shortenComment } from '../../data/owner-alert-store';
import type { createMemoryMailer } from '../../../testing/mail/memory-mailer';
import { flushDigests, type DigestDeps } from './digests-worker';
import { consumeAlerts } from './alerts-worker';
import { alertWorld, responseInserted, streamBatch } from '../../../testing/domains/surveys';

/** A low rating's INSERT on the stream, created `minute` minutes after 05:00. */
function lowRating(responseId: string, minute: number, rating = 1, comment?: string) {
  const createdAt = new Date(Date.parse('2026-11-26T05:00:00.000Z') + minute * 60_000).toISOString();
  return responseInserted(rating, {
    surveyId: 's1',
    responseId,
    ownerId: 'owner-1',
    createdAt,
    ...(comment ? { comment } : {}),
  });
}
const batch = streamBatch;

function world(language: 'en' | 'nl' = 'nl') {
  const alerting = alertWorld({ owner: { email: 'anna@bakkerij.example', language } });
  let now = new Date('2026-11-26T05:30:00.000Z');
  const digestDeps: DigestDeps = { ...alerting.deps, now: () => now };
  return {
    ...alerting,
    digestDeps,
    setNow: (iso: string) => {
      now = new Date(iso);
    },
  };
}

const subjects = (mailer: ReturnType<typeof createMemoryMailer>) => mailer.sent.map((m) => m.subject);

describe('the low-rating digest', () => {
  it('mails the first 5 low ratings of an hour one by one and the further ones in one digest when the hour is over', async () => {
    const w = world();
    const event = batch(
      ...[0, 1, 2, 3, 4].map((m) => lowRating(`r${m}`, m)),
      lowRating('r5', 10, 2, 'Het brood was   oud\nen de koffie koud'),
      lowRating('r6', 59, 1),
    );
    expect(await consumeAlerts(w.deps, event)).toEqual({ batchItemFailures: [] });
    // The same batch again (at least once): nothing more.
    expect(await consumeAlerts(w.deps, event)).toEqual({ batchItemFailures: [] });
    expect(subjects(w.mailer)).toEqual(Array(5).fill('Lage beoordeling voor Bakkerij Anna: 1/5'));

    // Before the hour is over: no digest.
    w.setNow('2026-11-26T05:59:59.999Z');
    expect(await flushDigests(w.digestDeps)).toEqual({ sent: 0, dropped: 0, failed: 0 });
    w.setNow('2026-11-26T06:00:30.000Z');
    expect(await flushDigests(w.digestDeps)).toEqual({ sent: 1, dropped: 0, failed: 0 });
    expect(await flushDigests(w.digestDeps)).toEqual({ sent: 0, dropped: 0, failed: 0 });

    expect(w.mailer.sent).toHaveLength(6);
    const digest = w.mailer.sent[5]!;
    expect(digest.subject).toBe('Overzicht lage beoordelingen voor Bakkerij Anna: nog 2');
    expect(digest.to).toBe('anna@bakkerij.example');
    for (const part of [
      '★★☆☆☆ 2/5 · 26 nov 2026, 06:10 · Het brood was oud en de koffie koud',
      '★☆☆☆☆ 1/5 · 26 nov 2026, 06:59 · —',
      'Periode: 26 nov 2026, 06:00 – 26 nov 2026, 07:00',
      'https://reviewroute.example/nl/inbox?survey=s1',
    ])
      expect(digest.text).toContain(part);
  });

  it('opens a new window with single alerts after the hour, and after a window whose digest went out', async () => {
    const w = world('en');
    await consumeAlerts(w.deps, batch(...[0, 1, 2, 3, 4, 5].map((m) => lowRating(`r${m}`, m))));
    expect(w.mailer.sent).toHaveLength(5);
    // 05:00 + an hour: a new window, a single alert at once.
    await consumeAlerts(w.deps, batch(lowRating('late', 61)));
    expect(w.mailer.sent).toHaveLength(6);
    w.setNow('2026-11-26T06:01:00.000Z');
    await flushDigests(w.digestDeps);
    expect(subjects(w.mailer).at(-1)).toBe('Low-rating digest for Bakkerij Anna: 1 more');
    // A straggler of the first hour that reaches the worker after its digest went out is mailed on its own.
    await consumeAlerts(w.deps, batch(lowRating('straggler', 50)));
    expect(subjects(w.mailer).at(-1)).toBe('Low rating for Bakkerij Anna: 1/5');
    expect(w.mailer.sent).toHaveLength(8);
  });

  it('reopens a window whose digest could not be sent, and sends it once on the next run', async () => {
    const w = world();
    await consumeAlerts(w.deps, batch(...[0, 1, 2, 3, 4, 5, 6].map((m) => lowRating(`r${m}`, m))));
    let refuse = true;
    const flaky: DigestDeps = {
      ...w.digestDeps,
      mailer: async (mail) => {
        if (refuse) throw new Error('SES is down');
        await w.mailer(mail);
      },
    };
    w.setNow('2026-11-26T06:05:00.000Z');
    expect(await flushDigests(flaky)).toEqual({ sent: 0, dropped: 0, failed: 1 });
    refuse = false;
    expect(await flushDigests(flaky)).toEqual({ sent: 1, dropped: 0, failed: 0 });
    expect(await flushDigests(flaky)).toEqual({ sent: 0, dropped: 0, failed: 0 });
    expect(subjects(w.mailer).filter((s) => s.startsWith('Overzicht'))).toEqual([
      'Overzicht lage beoordelingen voor Bakkerij Anna: nog 2',
    ]);
  });

  it('sends no digest once the alerts were switched off, and none for a deleted survey', async () => {
    const w = world();
    await consumeAlerts(w.deps, batch(...[0, 1, 2, 3, 4, 5].map((m) => lowRating(`r${m}`, m))));
    w.survey.lowRatingAlerts = false;
    w.setNow('2026-11-26T06:05:00.000Z');
    expect(await flushDigests(w.digestDeps)).toEqual({ sent: 0, dropped: 1, failed: 0 });
    expect(w.alerts.due.size).toBe(0);
    expect(w.mailer.sent).toHaveLength(5);
  });

  it('keeps a comment as one line of at most 160 characters', () => {
    expect(shortenComment('  a\n\nb  ')).toBe('a b');
    expect(shortenComment('   ')).toBeUndefined();
    const long = shortenComment('x'.repeat(500))!;
    expect(long).toHaveLength(160);
    expect(long.endsWith('…')).toBe(true);
  });
});

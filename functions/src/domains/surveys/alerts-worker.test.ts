import { describe, expect, it } from 'vitest';
import { consumeAlerts, type AlertDeps } from './alerts-worker';
import { alertWorld, responseInserted, streamBatch } from '../../../testing/domains/surveys';

/** A response's INSERT on the stream, of survey s1 by owner-1 unless `more` says otherwise. */
const inserted = (responseId: string, rating: number, more: Record<string, string> = {}) =>
  responseInserted(rating, {
    surveyId: 's1',
    responseId,
    ownerId: 'owner-1',
    createdAt: '2026-11-26T05:00:00.000Z',
    ...more,
  });
const batch = streamBatch;

const world = alertWorld;

describe('the low-rating alerts worker', () => {
  it('mails the owner once per low rating, in their language, even when the same batch comes twice', async () => {
    const { deps, mailer } = world();
    const event = batch(
      inserted('r1', 1, { comment: 'Koud <b>eten</b>', customerName: 'Piet', customerEmail: 'piet@klant.example' }),
      inserted('r2', 4),
      inserted('r3', 2),
      // Just above the low band, and the top: no mail.
      inserted('r4', 3),
      inserted('r5', 5),
    );
    expect(await consumeAlerts(deps, event)).toEqual({ batchItemFailures: [] });
    expect(await consumeAlerts(deps, event)).toEqual({ batchItemFailures: [] });
    expect(mailer.sent.map((m) => m.subject)).toEqual([
      'Lage beoordeling voor Bakkerij Anna: 1/5',
      'Lage beoordeling voor Bakkerij Anna: 2/5',
    ]);
    const [first] = mailer.sent;
    expect(first).toMatchObject({ to: 'anna@bakkerij.example', replyTo: 'piet@klant.example' });
    expect(first!.text).toContain('Koud <b>eten</b>');
    expect(first!.text).toContain('piet@klant.example');
    expect(first!.text).toContain('https://reviewroute.example/nl/inbox?survey=s1');
    expect(first!.html).not.toContain('<b>eten');
  });

  it('sends nothing for a survey whose alerts are off, an owner without an address, or a later change', async () => {
    for (const w of [world({ alertsOn: false }), world({ owner: undefined })]) {
      await consumeAlerts(w.deps, batch(inserted('r1', 1)));
      expect(w.mailer.sent).toEqual([]);
    }
    const { deps, mailer } = world();
    const modify = { ...inserted('r1', 1), eventName: 'MODIFY' as const };
    await consumeAlerts(deps, batch(modify, inserted('r9', 1, { ownerId: '' })));
    expect(mailer.sent).toEqual([]);
  });

  it('fails the record whose send failed and every one after it, and mails each once on the retry', async () => {
    const { deps, mailer, alerts } = world();
    let refuse = true;
    const flaky: AlertDeps = {
      ...deps,
      mailer: async (mail) => {
        if (refuse && mail.subject.endsWith('2/5')) throw new Error('SES is down');
        await mailer(mail);
      },
    };
    const event = batch(inserted('r1', 1), inserted('r2', 2), inserted('r3', 1));
    const failed = await consumeAlerts(flaky, event);
    expect(failed.batchItemFailures.map((f) => f.itemIdentifier)).toEqual(
      event.Records.slice(1).map((r) => r.dynamodb!.SequenceNumber),
    );
    expect(alerts.marks.has('s1/r2')).toBe(false);
    refuse = false;
    expect(await consumeAlerts(flaky, batch(...event.Records.slice(1)))).toEqual({ batchItemFailures: [] });
    // r1 before the failure, r2 and r3 on the retry: three mails, none twice.
    expect(mailer.sent.map((m) => m.subject)).toEqual([
      'Lage beoordeling voor Bakkerij Anna: 1/5',
      'Lage beoordeling voor Bakkerij Anna: 2/5',
      'Lage beoordeling voor Bakkerij Anna: 1/5',
    ]);
  });
});

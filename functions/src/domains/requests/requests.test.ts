import { describe, expect, it, vi } from 'vitest';
import { allowances } from '@reviewroute/shared';
import { addressHashOf } from '../../data/request-suppressions';
import type { Mailer, OutgoingMail } from '../../mail/mailer';
import { ApiError } from '../../lib/api-error';
import { capResetOf } from './sender';
import { decodeRequestToken, encodeRequestToken, tokenSecretHash } from '../../lib/request-token';
import {
  memoryRequests,
  hookCallBody,
  publishedSurvey,
  requestBatchBody as batchBody,
  requestOwnerId as owner,
  requestSurveyId as surveyId,
} from '../../../testing/domains/requests';

const rows = [
  { name: 'Piet Klant', email: 'piet@klant.example', language: 'nl' as const },
  { name: 'Jane Customer', email: 'jane@customer.example', language: 'en' as const },
  { name: 'Kees', email: 'kees@klant.example' },
];

async function world(overrides: Parameters<typeof memoryRequests>[0] = {}) {
  const w = memoryRequests(overrides);
  await w.surveys.create(publishedSurvey());
  const run = () => w.sender.runDue(w.clock.now + 60_000);
  return { ...w, run };
}

/** The mail's unsubscribe token (its one-click header's). */
const tokenOf = (mail: OutgoingMail) =>
  /\/unsubscribe\/([A-Za-z0-9_-]{46})>/.exec(mail.headers!['List-Unsubscribe']!)![1]!;

/** The mail's personal survey link's token. */
const linkTokenOf = (mail: OutgoingMail) => /\?r=([A-Za-z0-9_-]{46})/.exec(mail.text)![1]!;

describe('the batch schema', () => {
  it('refuses a malformed row with its row and field, and a batch without the permission', () => {
    expect(() =>
      batchBody({ rows: [...rows, { name: 'Bad', email: 'not-an-address' }], permissionConfirmed: true }),
    ).toThrow(expect.objectContaining({ fields: { 'rows.3.email': 'Valid email is required' } }));
    expect(() => batchBody({ rows, permissionConfirmed: false as true })).toThrow(
      expect.objectContaining({
        fields: { permissionConfirmed: 'Confirm that your customers agreed to receive this message' },
      }),
    );
    expect(() => batchBody({ rows, permissionConfirmed: true, template: 'Hi {name}, no link' })).toThrow(ApiError);
    expect(() => batchBody({ rows: Array.from({ length: 5001 }, () => rows[0]!), permissionConfirmed: true })).toThrow(
      expect.objectContaining({ fields: { rows: 'At most 5000 customers per batch' } }),
    );
  });
});

describe('creating and listing batches', () => {
  it('holds each owner to 10 uploads a minute: 429 RATE_LIMITED with Retry-After to the minute’s end, nothing stored; the hook and other owners go on', async () => {
    const { service, requests, clock, hooks, surveys } = await world({ quota: allowances.enterprise });
    const upload = (userId = owner, survey = surveyId) =>
      service.create(userId, survey, batchBody({ rows: rows.slice(0, 1), permissionConfirmed: true }));
    clock.now = Date.parse('2026-11-26T09:00:45.000Z');
    for (let i = 0; i < 10; i++) await upload();
    expect(await upload().catch((e: unknown) => e)).toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMITED',
      headers: { 'retry-after': '15' },
    });
    expect(requests.batches.size).toBe(10);
    // The booking system's hook has a limit of its own.
    const { token } = await hooks.regenerate(owner, surveyId, { permissionConfirmed: true, delayMinutes: 0 });
    expect(
      await hooks.call(token, hookCallBody({ name: 'Piet', email: 'piet-hook@klant.example', externalId: 'visit-1' })),
    ).toMatchObject({ status: 'scheduled' });
    // Another owner's uploads are their own.
    await surveys.create(publishedSurvey({ userId: 'owner-2', id: 'survey-2' }));
    await upload('owner-2', 'survey-2');
    // The next minute, the owner uploads again.
    clock.now = Date.parse('2026-11-26T09:01:00.000Z');
    await upload();
    expect(requests.batches.size).toBe(13);
  });

  it('holds each owner to the plan’s daily quota of batches and rows: 429 with Retry-After to the day’s end, nothing stored', async () => {
    const { service, requests } = await world({ quota: { dailyBatches: 2, dailyRows: 5 } });
    const refused = (input: Promise<unknown>) => input.catch((e: unknown) => e);
    const tooMany = Array.from({ length: 6 }, (_, i) => ({ name: `Klant ${i}`, email: `k${i}@klant.example` }));
    // 09:00 UTC: 15 hours until the day's quota resets.
    const quotaReached = { statusCode: 429, code: 'REQUEST_QUOTA_REACHED', headers: { 'retry-after': '54000' } };
    expect(
      await refused(service.create(owner, surveyId, batchBody({ rows: tooMany, permissionConfirmed: true }))),
    ).toMatchObject(quotaReached);
    expect(requests.batches.size).toBe(0);
    // A smaller batch still fits the day's rows; the third batch is one too many.
    await service.create(owner, surveyId, batchBody({ rows: rows.slice(0, 2), permissionConfirmed: true }));
    await service.create(owner, surveyId, batchBody({ rows: rows.slice(2), permissionConfirmed: true }));
    expect(
      await refused(service.create(owner, surveyId, batchBody({ rows: rows.slice(0, 1), permissionConfirmed: true }))),
    ).toMatchObject(quotaReached);
    expect(requests.batches.size).toBe(2);
    // Another owner's quota is their own.
    const { service: other, surveys } = await world({ quota: { dailyBatches: 2, dailyRows: 5 } });
    await surveys.create(publishedSurvey({ userId: 'owner-2' }));
    await expect(
      other.create('owner-2', surveyId, batchBody({ rows, permissionConfirmed: true })),
    ).resolves.toMatchObject({
      total: 3,
    });
  });

  it('records the batch with the permission time and each row in its language (the survey’s when none)', async () => {
    const { service } = await world();
    const batch = await service.create(owner, surveyId, batchBody({ rows, permissionConfirmed: true }));
    expect(batch).toMatchObject({ state: 'scheduled', total: 3, permissionConfirmedAt: '2026-11-26T09:00:00.000Z' });
    expect((await service.listBatches(owner, surveyId)).batches.map((b) => b.id)).toEqual([batch.id]);
    const page = await service.listRecipients(owner, surveyId, batch.id, undefined);
    expect(page.recipients.map((r) => [r.email, r.language, r.state])).toEqual([
      ['piet@klant.example', 'nl', 'queued'],
      ['jane@customer.example', 'en', 'queued'],
      ['kees@klant.example', 'nl', 'queued'],
    ]);
  });

  it('answers 404 for another owner’s survey or batch, and 409 for a draft', async () => {
    const { service, surveys } = await world();
    const batch = await service.create(owner, surveyId, batchBody({ rows, permissionConfirmed: true }));
    await expect(
      service.create('intruder', surveyId, batchBody({ rows, permissionConfirmed: true })),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(service.listRecipients('intruder', surveyId, batch.id, undefined)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await surveys.create(publishedSurvey({ id: 'draft-1', surveyCode: null, landingPageUrl: null, status: 'draft' }));
    await expect(
      service.create(owner, 'draft-1', batchBody({ rows, permissionConfirmed: true })),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('lists the batches a page of 20 at a time, newest first, until a last page without a cursor', async () => {
    let ids = 0;
    // UUIDv7-shaped ids in creation order: the list is newest first by id.
    const newId = () => `0190d7c0-0000-7000-8000-${String(++ids).padStart(12, '0')}`;
    // Many batches at one instant, as a booking system's hook makes them: not held to the uploads' pace.
    const { service, surveys } = await world({ service: { newId, uploadPace: undefined } });
    const made: string[] = [];
    for (let i = 0; i < 45; i++)
      made.push((await service.create(owner, surveyId, batchBody({ rows: [rows[0]!], permissionConfirmed: true }))).id);
    const first = await service.listBatches(owner, surveyId);
    const second = await service.listBatches(owner, surveyId, first.nextCursor!);
    const third = await service.listBatches(owner, surveyId, second.nextCursor!);
    expect([first, second, third].map((p) => p.batches.length)).toEqual([20, 20, 5]);
    expect(third.nextCursor).toBeNull();
    expect([first, second, third].flatMap((p) => p.batches.map((b) => b.id))).toEqual([...made].reverse());
    expect(first.batches[0]).toMatchObject({ source: 'upload', total: 1 });

    // A cursor is this survey's position only: mangled, or another survey's or owner's, it is refused.
    await surveys.create(publishedSurvey({ id: 'other-1' }));
    for (const [who, survey, cursor] of [
      [owner, surveyId, 'not a cursor'],
      [owner, 'other-1', first.nextCursor!],
      ['intruder', surveyId, first.nextCursor!],
    ] as const)
      await expect(service.listBatches(who, survey, cursor)).rejects.toMatchObject({
        code: who === owner ? 'BAD_REQUEST' : 'NOT_FOUND',
      });
  });

  it('ends on a full page when nothing follows it (40 batches: 20 and 20, no empty third page)', async () => {
    let ids = 0;
    const newId = () => `0190d7c0-0000-7000-8000-${String(++ids).padStart(12, '0')}`;
    const { service } = await world({ service: { newId, uploadPace: undefined } });
    for (let i = 0; i < 40; i++)
      await service.create(owner, surveyId, batchBody({ rows: [rows[0]!], permissionConfirmed: true }));
    const first = await service.listBatches(owner, surveyId);
    const second = await service.listBatches(owner, surveyId, first.nextCursor!);
    expect(second.batches).toHaveLength(20);
    expect(second.nextCursor).toBeNull();
  });
});

describe('sending', () => {
  it('takes owners in turns: another owner’s backlog of one-row batches holds a batch back for one turn at most', async () => {
    // The backlog is made at one instant, as a booking system's hook makes it: not held to the uploads' pace.
    const w = await world({
      quota: allowances.enterprise,
      sender: { dailyCapOf: async () => 5000, sendRate: 14 },
      service: { uploadPace: undefined },
    });
    const other = 'owner-backlog';
    const otherSurvey = '0190d7a0-0000-7000-8000-0000000000aa';
    await w.surveys.create(publishedSurvey({ id: otherSurvey, userId: other, surveyCode: 'bcdefghj' }));
    for (let i = 0; i < 300; i++)
      await w.service.create(
        other,
        otherSurvey,
        batchBody({ rows: [{ name: `Klant ${i}`, email: `k${i}@backlog.example` }], permissionConfirmed: true }),
      );
    w.clock.now += 1;
    const ten = Array.from({ length: 10 }, (_, i) => ({ name: `Gast ${i}`, email: `g${i}@bakkerij.example` }));
    await w.service.create(owner, surveyId, batchBody({ rows: ten, permissionConfirmed: true }));
    const start = w.clock.now;
    const result = await w.run();
    const order = w.mailer.sent.map((m) => m.to);
    const lastOfTen = Math.max(...ten.map((r) => order.indexOf(r.email)));
    // The backlog's owner waited longest, so their turn (10 batches) comes first; the ten follow in the next.
    expect(order.slice(0, 10).every((to) => to.endsWith('@backlog.example'))).toBe(true);
    expect(lastOfTen).toBe(19);
    // At SES's 14 mails a second that is under 2 s, where a queue in due order would make it 300 mails first.
    expect(lastOfTen / 14).toBeLessThan(2);
    // And the run goes on until the backlog is out too, with no count of batches to stop it.
    expect(result).toMatchObject({ sent: 310, batches: 301 });
    expect(w.clock.now - start).toBeLessThan(60_000);
    expect(w.requests.owners.size).toBe(0);
  });

  it('ends a turn in a large batch when another owner is due, and goes on through it when nobody else is', async () => {
    const w = await world({
      quota: allowances.enterprise,
      sender: { dailyCapOf: async () => 5000, sendRate: 14, turnSends: 50 },
    });
    const pageReads = vi.spyOn(w.requests, 'pageRecipients');
    const many = (n: number, domain: string) =>
      Array.from({ length: n }, (_, i) => ({ name: `Klant ${i}`, email: `k${i}@${domain}` }));
    const other = 'owner-large';
    const otherSurvey = '0190d7a0-0000-7000-8000-0000000000bb';
    await w.surveys.create(publishedSurvey({ id: otherSurvey, userId: other, surveyCode: 'cdefghjk' }));
    await w.service.create(
      other,
      otherSurvey,
      batchBody({ rows: many(300, 'groot.example'), permissionConfirmed: true }),
    );
    w.clock.now += 1;
    await w.service.create(
      owner,
      surveyId,
      batchBody({ rows: many(10, 'bakkerij.example'), permissionConfirmed: true }),
    );
    await w.run();
    const order = w.mailer.sent.map((m) => m.to);
    // The large batch's first 50 (a turn's mails, and the few already in flight), then the other owner's ten, then
    // the rest of the large batch.
    expect(Math.max(...order.map((to, i) => (to.endsWith('@bakkerij.example') ? i : -1)))).toBeLessThan(70);
    expect(order).toHaveLength(310);

    // Alone in the queue, a turn's allowance renews: 300 rows are read in two pages, not again from the start.
    pageReads.mockClear();
    await w.service.create(
      other,
      otherSurvey,
      batchBody({ rows: many(300, 'alleen.example'), permissionConfirmed: true }),
    );
    await w.run();
    expect(w.mailer.sent).toHaveLength(610);
    expect(pageReads).toHaveBeenCalledTimes(2);
  });

  it('works until its deadline, then the next run resumes where it stopped', async () => {
    const w = await world({ quota: allowances.enterprise, sender: { dailyCapOf: async () => 5000, sendRate: 10 } });
    const hundred = Array.from({ length: 100 }, (_, i) => ({ name: `Gast ${i}`, email: `g${i}@bakkerij.example` }));
    await w.service.create(owner, surveyId, batchBody({ rows: hundred, permissionConfirmed: true }));
    // 10 mails a second for 3 s: about 30, then no new send starts (those in flight finish).
    const first = await w.sender.runDue(w.clock.now + 3000);
    expect(first.sent).toBeGreaterThanOrEqual(25);
    expect(first.sent).toBeLessThan(40);
    expect((await w.requests.queuedOwner(owner))?.dueAt).toBeDefined();
    await w.run();
    expect(new Set(w.mailer.sent.map((m) => m.to)).size).toBe(100);
    expect(w.mailer.sent).toHaveLength(100);
  });

  it('mails each customer once, in their language, from the business with reply-to the owner and one-click unsubscribe', async () => {
    const { service, sender, mailer, run } = await world();
    const batch = await service.create(owner, surveyId, batchBody({ rows, permissionConfirmed: true }));
    expect(await run()).toMatchObject({ sent: 3 });
    expect(await sender.runDue(Date.now() + 60_000)).toMatchObject({ sent: 0 });
    expect(mailer.sent.map((m) => [m.to, m.subject])).toEqual([
      ['piet@klant.example', 'Bakkerij de Vries hoort graag wat je ervan vond'],
      ['jane@customer.example', 'Bakkerij de Vries would love your feedback'],
      ['kees@klant.example', 'Bakkerij de Vries hoort graag wat je ervan vond'],
    ]);
    const [piet, jane] = mailer.sent;
    expect(piet!.from).toBe('"Bakkerij de Vries" <requests@reviewroute.example>');
    expect(piet!.replyTo).toBe('anna@bakkerij.example');
    expect(piet!.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(
        /^<https:\/\/app\.reviewroute\.example\/api\/public\/unsubscribe\/[\w-]{46}>$/,
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const token = linkTokenOf(jane!);
    expect(jane!.text).toContain(
      `Hi Jane, thank you for choosing our service! We'd love to hear about your experience. Please take a moment to share your feedback: https://app.reviewroute.example/nl/surveys/abcdefgh/bakkerij-de-vries?r=${token}`,
    );
    // The unsubscribe links carry a token of their own: the same request, another secret.
    const unsubscribeToken = tokenOf(jane!);
    expect(unsubscribeToken).not.toBe(token);
    expect(decodeRequestToken(unsubscribeToken)).toMatchObject({ batchId: batch.id, recipientId: '00001' });
    expect(jane!.text).toContain(`Unsubscribe: https://app.reviewroute.example/unsubscribe/${unsubscribeToken}`);
    // By first name, in each customer's language.
    expect(piet!.text).toContain('Hoi Piet, bedankt');
    expect(piet!.text).not.toContain('Piet Klant');
    // The token names the request, never the address.
    expect(Buffer.from(token, 'base64url').toString('latin1')).not.toContain('jane');
    expect(decodeRequestToken(token)).toMatchObject({ batchId: batch.id, recipientId: '00001' });
    const page = await service.listRecipients(owner, surveyId, batch.id, undefined);
    expect(page.recipients.map((r) => r.state)).toEqual(['sent', 'sent', 'sent']);
    expect((await service.listBatches(owner, surveyId)).batches[0]!.state).toBe('done');
  });

  it('uses the owner’s template and waits for a chosen time', async () => {
    const { service, mailer, clock, run } = await world();
    await service.create(
      owner,
      surveyId,
      batchBody({
        rows: [rows[1]!],
        permissionConfirmed: true,
        template: 'Dear {name}, rate us at {url} please, {name}!',
        sendAt: new Date(clock.now + 3600_000).toISOString(),
      }),
    );
    expect(await run()).toMatchObject({ batches: 0 });
    clock.now += 3600_000;
    await run();
    expect(mailer.sent[0]!.text).toMatch(/Dear Jane, rate us at https:\/\/\S+\?r=[\w-]{46} please, Jane!/);
  });

  it('never asks an address twice for a survey within 30 days, nor twice in one batch', async () => {
    const { service, mailer, clock, run } = await world();
    const first = await service.create(
      owner,
      surveyId,
      batchBody({ rows: [rows[0]!, { ...rows[0]!, email: 'PIET@klant.example ' }], permissionConfirmed: true }),
    );
    await run();
    clock.now += 29 * 24 * 3600_000;
    const second = await service.create(owner, surveyId, batchBody({ rows: [rows[0]!], permissionConfirmed: true }));
    await run();
    expect(mailer.sent).toHaveLength(1);
    expect(
      (await service.listRecipients(owner, surveyId, first.id, undefined)).recipients.map((r) => r.reason),
    ).toEqual([null, 'duplicate']);
    expect((await service.listRecipients(owner, surveyId, second.id, undefined)).recipients[0]).toMatchObject({
      state: 'skipped',
      reason: 'recently-asked',
    });
    clock.now += 2 * 24 * 3600_000;
    await service.create(owner, surveyId, batchBody({ rows: [rows[0]!], permissionConfirmed: true }));
    await run();
    expect(mailer.sent).toHaveLength(2);
  });

  it('stops at the plan’s daily cap: the owner leaves the due queue until the cap resets, within the first hour of the next UTC day', async () => {
    const { service, mailer, clock, run, requests } = await world({ sender: { dailyCapOf: async () => 2 } });
    const batch = await service.create(owner, surveyId, batchBody({ rows, permissionConfirmed: true }));
    await run();
    expect(mailer.sent).toHaveLength(2);
    const resume = new Date(capResetOf(owner, clock.now)).toISOString();
    expect(resume >= '2026-11-27T00:00:00.000Z' && resume < '2026-11-27T01:00:00.000Z').toBe(true);
    expect((await service.listBatches(owner, surveyId)).batches[0]).toMatchObject({
      state: 'sending',
      waitingUntil: resume,
    });
    // Parked: not due, so no run even looks at it until the reset.
    expect(await requests.dueOwners('2026-11-26T23:59:59.000Z', 10)).toEqual([]);
    expect(await run()).toMatchObject({ turns: 0 });
    clock.now = Date.parse(resume) - 1;
    expect(await run()).toMatchObject({ turns: 0 });
    clock.now = Date.parse(resume);
    await run();
    expect(mailer.sent.map((m) => m.to)).toEqual(rows.map((r) => r.email));
    expect(requests.queue.has(batch.id)).toBe(false);
    expect(requests.owners.has(owner)).toBe(false);
  });

  it('spreads the owners capped on one day over the first hour of the next', () => {
    const at = Date.parse('2026-11-26T18:00:00.000Z');
    const resets = Array.from({ length: 200 }, (_, i) => capResetOf(`owner-${i}`, at));
    for (const r of resets) expect(r - Date.parse('2026-11-27T00:00:00.000Z')).toBeGreaterThanOrEqual(0);
    for (const r of resets) expect(r - Date.parse('2026-11-27T01:00:00.000Z')).toBeLessThan(0);
    // Not one moment: 200 owners fall due over many distinct minutes.
    expect(new Set(resets.map((r) => Math.floor(r / 60_000))).size).toBeGreaterThan(50);
    expect(capResetOf('owner-1', at)).toBe(capResetOf('owner-1', at + 3600_000));
  });

  it('sends nothing for an account whose trial ended or plan expired (cap 0) until a payment wakes its queue', async () => {
    let cap = 0;
    const { service, mailer, clock, run, requests } = await world({ sender: { dailyCapOf: async () => cap } });
    await service.create(owner, surveyId, batchBody({ rows, permissionConfirmed: true }));
    await run();
    expect(mailer.sent).toHaveLength(0);
    expect((await requests.queuedOwner(owner))?.parkedUntil).toBe(new Date(capResetOf(owner, clock.now)).toISOString());
    // A new batch does not wake a parked owner.
    await service.create(owner, surveyId, batchBody({ rows: [rows[0]!], permissionConfirmed: true }));
    expect(await run()).toMatchObject({ turns: 0 });
    cap = 50;
    clock.now += 3600_000;
    expect(await run()).toMatchObject({ turns: 0 });
    // The payment completes: the owner's queue is due at once, hours before the reset.
    await requests.wakeOwner(owner, new Date(clock.now).toISOString());
    await run();
    expect(mailer.sent).toHaveLength(3);
  });

  it('holds a batch back while its survey is offline', async () => {
    const { service, surveys, mailer, clock, run } = await world();
    await service.create(owner, surveyId, batchBody({ rows, permissionConfirmed: true }));
    await surveys.deactivate(owner, surveyId);
    await run();
    expect(mailer.sent).toHaveLength(0);
    await surveys.activate(owner, surveyId, new Date(clock.now).toISOString());
    clock.now += 3600_000;
    await run();
    expect(mailer.sent).toHaveLength(3);
  });

  it('a run that dies after a send and before its confirmation: resumed, nobody is mailed twice', async () => {
    let sends = 0;
    let crashed!: () => void;
    const crash = new Promise<void>((resolve) => (crashed = resolve));
    const delivered: OutgoingMail[] = [];
    // Delivers the first three, then dies inside the fourth send after delivering it: it never returns.
    const dying: Mailer = async (mail) => {
      sends++;
      if (sends > 4) return new Promise<void>(() => {});
      delivered.push(mail);
      if (sends === 4) {
        crashed();
        return new Promise<void>(() => {});
      }
    };
    const w = await world({ sender: { mailer: dying, concurrency: 1 } });
    const many = Array.from({ length: 8 }, (_, i) => ({ name: `C${i}`, email: `c${i}@klant.example` }));
    const batch = await w.service.create(owner, surveyId, batchBody({ rows: many, permissionConfirmed: true }));
    void w.sender.runDue(w.clock.now + 60_000);
    await crash;

    // The next run (a fresh worker) finds the unconfirmed claim and leaves it alone while it may still finish.
    const { createRequestSender } = await import('./sender');
    const resumed = createRequestSender({
      requests: w.requests,
      surveys: w.surveys,
      mailer: async (mail) => {
        delivered.push(mail);
      },
      fromAddress: 'requests@reviewroute.example',
      siteOrigin: 'https://app.reviewroute.example',
      tokens: w.tokens,
      dailyCapOf: async () => 50,
      clock: () => w.clock.now,
      sleep: async () => {},
    });
    await resumed.runDue(w.clock.now + 60_000);
    expect(w.requests.queue.has(batch.id)).toBe(true);
    // Ten minutes later it is settled as interrupted, never sent again, and the batch is done.
    w.clock.now += 11 * 60_000;
    await resumed.runDue(w.clock.now + 60_000);
    const counts = new Map<string, number>();
    for (const m of delivered) counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual(many.map((c) => c.email).sort());
    expect(Math.max(...counts.values())).toBe(1);
    const states = (await w.service.listRecipients(owner, surveyId, batch.id, undefined)).recipients;
    expect(states.filter((r) => r.state === 'failed').map((r) => [r.email, r.reason])).toEqual([
      ['c3@klant.example', 'interrupted'],
    ]);
    expect(states.filter((r) => r.state === 'sent')).toHaveLength(7);
    expect(w.requests.queue.has(batch.id)).toBe(false);
  });

  it('gives a throttled send back and tries it again later; an address SES refuses is failed, not retried', async () => {
    let busy = true;
    const sent: string[] = [];
    const mailer: Mailer = async (mail) => {
      if (mail.to === 'jane@customer.example')
        throw Object.assign(new Error('bad'), { name: 'MessageRejected', $metadata: { httpStatusCode: 400 } });
      if (busy && mail.to === 'kees@klant.example')
        throw Object.assign(new Error('slow down'), {
          name: 'TooManyRequestsException',
          $metadata: { httpStatusCode: 429 },
        });
      sent.push(mail.to);
    };
    const w = await world({ sender: { mailer, concurrency: 1 } });
    const batch = await w.service.create(owner, surveyId, batchBody({ rows, permissionConfirmed: true }));
    await w.run();
    expect(sent).toEqual(['piet@klant.example']);
    busy = false;
    w.clock.now += 61_000;
    await w.run();
    expect(sent).toEqual(['piet@klant.example', 'kees@klant.example']);
    const states = (await w.service.listRecipients(owner, surveyId, batch.id, undefined)).recipients;
    expect(states.map((r) => [r.state, r.reason])).toEqual([
      ['sent', null],
      ['failed', 'rejected'],
      ['sent', null],
    ]);
  });
});

describe('unsubscribe', () => {
  it('puts the address on the owner’s suppression list: a later batch skips it with the reason', async () => {
    const { service, mailer, requests, clock, run } = await world();
    await service.create(owner, surveyId, batchBody({ rows, permissionConfirmed: true }));
    await run();
    await service.unsubscribe(tokenOf(mailer.sent[1]!));
    await service.unsubscribe(tokenOf(mailer.sent[1]!));
    expect(await requests.listSuppressions(owner)).toEqual([
      { addressHash: addressHashOf('jane@customer.example'), reason: 'unsubscribed', createdAt: expect.any(String) },
    ]);
    // Past the 30 days: the others are asked again, the unsubscribed address is not.
    clock.now += 31 * 24 * 3600_000;
    const again = await service.create(owner, surveyId, batchBody({ rows, permissionConfirmed: true }));
    mailer.sent.length = 0;
    await run();
    expect(mailer.sent.map((m) => m.to)).toEqual(['piet@klant.example', 'kees@klant.example']);
    expect((await service.listRecipients(owner, surveyId, again.id, undefined)).recipients[1]).toMatchObject({
      state: 'skipped',
      reason: 'unsubscribed',
    });
  });

  it('changes nothing for a forged, unknown or malformed token', async () => {
    const { service, mailer, requests, run } = await world();
    const batch = await service.create(owner, surveyId, batchBody({ rows, permissionConfirmed: true }));
    await run();
    const real = decodeRequestToken(tokenOf(mailer.sent[0]!))!;
    await service.unsubscribe(
      encodeRequestToken(batch.id, real.recipientId, Buffer.alloc(16, 7).toString('base64url')),
    );
    await service.unsubscribe(encodeRequestToken(batch.id, '00099', real.secret));
    await service.unsubscribe('nonsense');
    expect(requests.suppressions.size).toBe(0);
  });

  it('refuses the survey link’s token: a forwarded survey link unsubscribes nobody', async () => {
    const { service, mailer, requests, run } = await world();
    await service.create(owner, surveyId, batchBody({ rows, permissionConfirmed: true }));
    await run();
    await service.unsubscribe(linkTokenOf(mailer.sent[1]!));
    expect(requests.suppressions.size).toBe(0);
    await service.unsubscribe(tokenOf(mailer.sent[1]!));
    expect([...(await requests.listSuppressions(owner)).map((s) => s.addressHash)]).toEqual([
      addressHashOf('jane@customer.example'),
    ]);
  });

  it('stores only the hashes of the secrets, and still honours a request stored with its plaintext secret', async () => {
    const { service, mailer, requests, run } = await world();
    const batch = await service.create(owner, surveyId, batchBody({ rows, permissionConfirmed: true }));
    await run();
    const stored = (await requests.getRecipient(batch.id, '00001'))!;
    const link = decodeRequestToken(linkTokenOf(mailer.sent[1]!))!;
    const unsubscribe = decodeRequestToken(tokenOf(mailer.sent[1]!))!;
    expect(stored.secret).toBeNull();
    expect(stored.linkHash).toBe(tokenSecretHash(link.secret));
    expect(stored.unsubscribeHash).toBe(tokenSecretHash(unsubscribe.secret));
    expect(JSON.stringify(stored)).not.toContain(link.secret);
    expect(JSON.stringify(stored)).not.toContain(unsubscribe.secret);

    // A request stored before hashing: its one plaintext secret, which both links of its mail carried.
    const legacy = Buffer.alloc(16, 3).toString('base64url');
    const item = requests.recipients.get(batch.id)!.find((r) => r.id === '00001')!;
    Object.assign(item, { linkHash: null, unsubscribeHash: null, secret: legacy });
    await service.unsubscribe(encodeRequestToken(batch.id, '00001', legacy));
    expect((await requests.listSuppressions(owner)).map((s) => s.addressHash)).toEqual([
      addressHashOf('jane@customer.example'),
    ]);
  });
});

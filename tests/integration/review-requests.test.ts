import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  errorBodySchema,
  pathOf,
  requestBatchSchema,
  requestRecipientPageSchema,
  type RequestRecipient,
  type Survey,
} from '@reviewroute/shared';
import { batchCursorOf, InvalidBatchCursorError } from '@reviewroute/functions/data/request-batches';
import { createDynamoReviewRequestStore } from '@reviewroute/functions/data/review-requests';
import { addressHashOf } from '@reviewroute/functions/data/request-suppressions';
import { sampleBatch } from '@reviewroute/functions/testing/data/sample-batch';
import { createDynamoSurveyRepository } from '@reviewroute/functions/data/survey-repository';
import { createDocumentClient, tableEntities } from '@reviewroute/functions/data/client';
import { createRequestSender } from '@reviewroute/functions/domains/requests/sender';
import { mailLinkKeyOf } from '@reviewroute/functions/lib/mail-link-key';
import { requestTokensOf } from '@reviewroute/functions/lib/request-token';
import type { Mailer } from '@reviewroute/functions/mail/mailer';
import { sesMailerOf } from '@reviewroute/functions/mail/ses-mailer';
import { apiCall, createSampleSurvey, ownerCall, publishSurvey, type ApiUser } from '../support/api';
import { createSignedInUser } from '../support/cognito';
import { listMails, waitForMail, type InboxMail } from '../support/inbox';

/**
 * E-mail review requests on the local stack: the owner API records a batch, the requests worker (on the local
 * stack's timer) mails it through the SES emulator, the customer's one-click unsubscribe keeps later batches
 * away from them; and a send that dies half-way is resumed without mailing anyone twice.
 */

const stack = inject('localStack');
const api = stack.urls.api;
const inbox = stack.urls.inbox;

type StoredMail = InboxMail & { headers?: { name: string; value: string }[]; replyTo?: string[] };
const headerOf = (mail: StoredMail, name: string) => mail.headers?.find((h) => h.name === name)?.value;

const mailsTo = async (address: string) =>
  ((await listMails(inbox)) as StoredMail[]).filter((m) => m.destination.to.includes(address));

describe('review requests', () => {
  let owner: ApiUser;
  let survey: Survey;
  const batchesPath = () => pathOf('create-request-batch', { surveyId: survey.id });
  const recipientsOf = async (batchId: string, surveyId = survey.id): Promise<RequestRecipient[]> =>
    requestRecipientPageSchema.parse(
      await ownerCall(api, owner, 'GET', pathOf('list-request-recipients', { surveyId, batchId })),
    ).recipients;
  /** A batch of these rows for a new survey of the owner: its recipients' outcomes. */
  const batchForNewSurvey = async (name: string, rows: { name: string; email: string }[]) => {
    const other = await publishSurvey(owner, (await createSampleSurvey(owner, name, { language: 'en' })).id);
    const batch = requestBatchSchema.parse(
      await ownerCall(api, owner, 'POST', pathOf('create-request-batch', { surveyId: other.id }), {
        rows,
        permissionConfirmed: true,
      }),
    );
    return async () => (await recipientsOf(batch.id, other.id)).map((r) => [r.state, r.reason]);
  };
  const until = async (batchId: string, done: (rs: RequestRecipient[]) => boolean) => {
    let last: RequestRecipient[] = [];
    await expect
      .poll(async () => done((last = await recipientsOf(batchId))), { timeout: 20_000, interval: 100 })
      .toBe(true);
    return last;
  };

  beforeAll(async () => {
    owner = await createSignedInUser(stack);
    survey = await publishSurvey(
      owner,
      (await createSampleSurvey(owner, 'Bakkerij Verzoek', { language: 'nl', supportEmail: 'anna@verzoek.example' }))
        .id,
    );
  });

  it('refuses a malformed row with its error; mails a batch of 3 in each customer’s language with one-click unsubscribe; a second batch skips the unsubscribed address', async () => {
    const id = randomUUID().slice(0, 8);
    const rows = [
      { name: 'Piet Klant', email: `piet-${id}@klant.example`, language: 'nl' },
      { name: 'Jane Customer', email: `jane-${id}@customer.example`, language: 'en' },
      { name: 'Kees', email: `kees-${id}@klant.example` },
    ];
    const refused = await apiCall(api, 'POST', batchesPath(), {
      user: owner,
      body: { rows: [...rows, { name: 'Kapot', email: 'geen-adres' }], permissionConfirmed: true },
    });
    expect(refused.status).toBe(400);
    expect(errorBodySchema.parse(refused.body).error.fields).toEqual({ 'rows.3.email': 'Valid email is required' });

    const batch = requestBatchSchema.parse(
      await ownerCall(api, owner, 'POST', batchesPath(), { rows, permissionConfirmed: true }),
    );
    expect(batch).toMatchObject({ total: 3, state: 'scheduled' });
    const [piet, jane, kees] = await Promise.all(rows.map((r) => waitForMail(inbox, r.email, { timeoutMs: 20_000 })));
    expect(piet!.subject).toBe('Bakkerij Verzoek hoort graag wat je ervan vond');
    expect(jane!.subject).toBe('Bakkerij Verzoek would love your feedback');
    // No language given: the survey's (Dutch).
    expect(kees!.subject).toBe('Bakkerij Verzoek hoort graag wat je ervan vond');
    for (const mail of [piet, jane, kees] as StoredMail[]) {
      expect(mail.from).toContain('Bakkerij Verzoek');
      expect(headerOf(mail, 'List-Unsubscribe')).toMatch(/^<https?:\/\/[^>]+\/api\/public\/unsubscribe\/[\w-]{46}>$/);
      expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(mail.body.text).toContain(`${survey.landingPageUrl}?r=`);
    }
    expect(jane!.body.text).toContain('Hi Jane, thank you for choosing our service!');
    await until(batch.id, (rs) => rs.every((r) => r.state === 'sent'));

    // Jane's mail client unsubscribes in one click (RFC 8058): a form POST to the header's URL.
    const oneClick = headerOf(jane as StoredMail, 'List-Unsubscribe')!.slice(1, -1);
    const answer = await fetch(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(answer.status).toBe(200);

    // A second batch for another survey of the owner: Jane is skipped as unsubscribed, the others as asked by this
    // owner within 30 days (the rule is per owner and address, whichever survey asks).
    const outcomes = await batchForNewSurvey('Bakkerij Twee', rows);
    await expect.poll(outcomes, { timeout: 20_000, interval: 100 }).toEqual([
      ['skipped', 'recently-asked'],
      ['skipped', 'unsubscribed'],
      ['skipped', 'recently-asked'],
    ]);
    expect(await mailsTo(rows[1]!.email)).toHaveLength(1);
    expect(await mailsTo(rows[0]!.email)).toHaveLength(1);
  });

  it('puts a hard-bounced and a complaining address on the owner’s suppression list from SES’s events; a later batch skips both with why', async () => {
    // SES's mailbox simulator addresses: the local SES twin publishes the events SES would (ses-events.ts).
    const id = randomUUID().slice(0, 8);
    const rows = [
      { name: 'Bounce', email: `bounce+${id}@simulator.amazonses.com` },
      { name: 'Complaint', email: `complaint+${id}@simulator.amazonses.com` },
      { name: 'Fine', email: `fine-${id}@klant.example` },
    ];
    const first = requestBatchSchema.parse(
      await ownerCall(api, owner, 'POST', batchesPath(), { rows, permissionConfirmed: true }),
    );
    await until(first.id, (rs) => rs.every((r) => r.state === 'sent'));

    // The events reach the worker within moments of the sends.
    const store = createDynamoReviewRequestStore(tableEntities(stack.env));
    await expect
      .poll(async () => (await store.listSuppressions(owner.userId)).map((s) => s.reason), {
        timeout: 20_000,
        interval: 100,
      })
      .toEqual(expect.arrayContaining(['bounced', 'complaint']));

    const outcomes = await batchForNewSurvey('Bakkerij Drie', rows);
    await expect.poll(outcomes, { timeout: 20_000, interval: 100 }).toEqual([
      ['skipped', 'bounced'],
      ['skipped', 'complaint'],
      ['skipped', 'recently-asked'],
    ]);
  });

  describe('a send that dies half-way', () => {
    const mailer = sesMailerOf(stack.env);
    afterAll(() => mailer.destroy());

    it('is resumed by the next run and mails nobody twice', async () => {
      const id = randomUUID().slice(0, 8);
      const rows = Array.from({ length: 8 }, (_, i) => ({ name: `Klant ${i}`, email: `c${i}-${id}@klant.example` }));
      const hour = 3600_000;
      // Due in an hour: the stack's own worker leaves it alone; the runs below live an hour and more ahead.
      const batch = requestBatchSchema.parse(
        await ownerCall(api, owner, 'POST', batchesPath(), {
          rows,
          permissionConfirmed: true,
          sendAt: new Date(Date.now() + hour).toISOString(),
        }),
      );
      const entities = tableEntities(stack.env);
      const senderWith = (send: Mailer, clock: () => number) =>
        createRequestSender({
          requests: createDynamoReviewRequestStore(entities),
          surveys: createDynamoSurveyRepository(entities),
          mailer: send,
          fromAddress: 'no-reply@reviewroute.local',
          siteOrigin: stack.env.SITE_ORIGIN,
          tokens: requestTokensOf(mailLinkKeyOf(stack.env)),
          dailyCapOf: async () => 50,
          clock,
          concurrency: 1,
          sendRate: 1000,
        });

      // The first run delivers three mails, then dies inside the fourth send after SES took it: it never returns.
      let sends = 0;
      let crashed!: () => void;
      const crash = new Promise<void>((resolve) => (crashed = resolve));
      const dying: Mailer = async (mail) => {
        sends++;
        if (sends > 4) return new Promise<void>(() => {});
        await mailer(mail);
        if (sends === 4) {
          crashed();
          return new Promise<void>(() => {});
        }
      };
      const ahead = Date.now() + 2 * hour;
      void senderWith(dying, () => ahead).runDue(ahead + 60_000);
      await crash;

      // A later run (a fresh worker), once the unconfirmed claim is old enough to be settled, resumes the batch.
      const later = Date.now() + 3 * hour;
      await senderWith(mailer, () => later).runDue(later + 60_000);

      for (const r of rows) expect(await mailsTo(r.email), r.email).toHaveLength(1);
      const states = await recipientsOf(batch.id);
      expect(states.filter((r) => r.state === 'sent')).toHaveLength(7);
      expect(states.filter((r) => r.state === 'failed').map((r) => [r.email, r.reason])).toEqual([
        [rows[3]!.email, 'interrupted'],
      ]);
      const batches = await ownerCall(api, owner, 'GET', pathOf('list-request-batches', { surveyId: survey.id }));
      expect(batches).toMatchObject({
        batches: expect.arrayContaining([expect.objectContaining({ id: batch.id, state: 'done' })]),
      });
    });
  });

  it('claims on DynamoDB as the in-memory twin does: 30 days per owner and address, suppressions (the owner’s and the platform’s), the daily cap, a claim given back', async () => {
    const store = createDynamoReviewRequestStore(tableEntities(stack.env));
    const id = randomUUID();
    const day = '2026-11-26';
    const batch = {
      id: `0195a3c4-7b00-7000-8000-${id.slice(-12)}`,
      userId: `owner-${id}`,
      surveyId: `survey-${id}`,
      state: 'preparing' as const,
      total: 4,
      template: null,
      sendAt: '2026-11-26T09:00:00.000Z',
      permissionConfirmedAt: '2026-11-26T09:00:00.000Z',
      createdAt: '2026-11-26T09:00:00.000Z',
      waitingUntil: null,
      source: 'upload' as const,
    };
    const blocked = `blocked-${id}@x.example`;
    const emails = ['a@x.example', 'A@x.example', 'b@x.example', 'c@x.example', blocked];
    const recipients = emails.map((email, i) => ({
      batchId: batch.id,
      id: String(i).padStart(5, '0'),
      userId: batch.userId,
      surveyId: batch.surveyId,
      name: `N${i}`,
      email,
      language: 'en' as const,
      linkHash: 'l',
      unsubscribeHash: 'u',
    }));
    await store.createBatch(batch, recipients);
    const claim = (i: number, dailyCap = 10, now = '2026-11-26T10:00:00.000Z') =>
      store.claim({
        recipient: recipients[i]!,
        channel: 'email',
        contact: recipients[i]!.email,
        now,
        askedBefore: new Date(Date.parse(now) - 30 * 24 * 3600_000).toISOString(),
        contactExpiresAt: 2_000_000_000,
        day,
        dailyCap,
      });
    expect(await claim(0)).toBe('claimed');
    expect(await claim(0)).toBe('not-queued');
    // The same address (another case) asked by the same owner within 30 days.
    expect(await claim(1)).toBe('recently-asked');
    // On the platform's list (another owner's bounce or complaint): suppressed here too, with its reason.
    await store.suppressForAll(blocked.toUpperCase(), 'complaint', '2026-11-26T10:00:00.000Z');
    expect(await claim(4)).toBe('suppressed');
    expect(await store.suppressionsOf(batch.userId, [addressHashOf(blocked)])).toEqual(
      new Map([[addressHashOf(blocked), 'complaint']]),
    );
    await store.suppress(batch.userId, 'b@x.example', 'bounced', '2026-11-26T10:00:00.000Z');
    expect(await claim(2)).toBe('suppressed');
    expect(await store.suppressionsOf(batch.userId, [])).toEqual(new Map());
    // The day's cap: one claimed so far.
    expect(await claim(3, 1)).toBe('capped');
    expect(await claim(3, 2)).toBe('claimed');
    await store.release(recipients[3]!, day, { channel: 'email', contact: recipients[3]!.email });
    expect((await store.getRecipient(batch.id, '00003'))!.state).toBe('queued');
    expect(await claim(3, 2)).toBe('claimed');
    await store.markSent(batch.id, '00003', '2026-11-26T10:00:01.000Z');
    expect((await store.pageRecipients(batch.id, undefined, 10)).items.map((r) => r.state)).toEqual([
      'sending',
      'queued',
      'queued',
      'sent',
      'queued',
    ]);
    // Erased with the survey and the owner: nothing of either is left.
    await store.deleteBySurvey(batch.userId, batch.surveyId);
    await store.deleteByOwner(batch.userId);
    expect(await store.listBatchesBySurvey(batch.userId, batch.surveyId)).toEqual([]);
    expect((await store.pageRecipients(batch.id, undefined, 10)).items).toEqual([]);
    expect(await store.listSuppressions(batch.userId)).toEqual([]);
    expect(await claim(0)).toBe('not-queued');
    // The platform's entry is no owner's: no erasure takes it.
    expect(await store.suppressionsOf(`someone-${id}`, [addressHashOf(blocked)])).toEqual(
      new Map([[addressHashOf(blocked), 'complaint']]),
    );
  });

  it('pages a survey’s batches on DynamoDB as the twin does: 25 are 20 and 5, a full last page ends, old items read as uploads', async () => {
    const store = createDynamoReviewRequestStore(tableEntities(stack.env));
    const id = randomUUID();
    const userId = `owner-${id}`;
    const batchOf = (n: number, surveyId: string) =>
      sampleBatch(n, { userId, surveyId, source: n === 25 ? 'hook' : 'upload' });
    const surveyA = `survey-a-${id}`;
    const surveyB = `survey-b-${id}`;
    await Promise.all(Array.from({ length: 25 }, (_, i) => store.createBatch(batchOf(i + 1, surveyA), [])));
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.createBatch(batchOf(i + 1, surveyB), [])));

    const first = await store.pageBatches(userId, surveyA, undefined, 20);
    expect(first.items.map((b) => Number(b.id.slice(-12)))).toEqual(Array.from({ length: 20 }, (_, i) => 25 - i));
    expect(first.items[0]!.source).toBe('hook');
    // The cursor is the key of the page's last batch (as the twin makes it; DynamoDB may order its keys otherwise).
    const keyOf = (cursor: string): unknown => JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    expect(keyOf(first.next!)).toEqual(keyOf(batchCursorOf(userId, surveyA, first.items[19]!.id)));
    const second = await store.pageBatches(userId, surveyA, first.next!, 20);
    expect(second.items.map((b) => Number(b.id.slice(-12)))).toEqual([5, 4, 3, 2, 1]);
    expect(second.next).toBeNull();
    // Exactly a page: DynamoDB names where it stopped, but the page says nothing follows.
    expect((await store.pageBatches(userId, surveyB, undefined, 20)).next).toBeNull();
    // Another survey's position, or a mangled one, never reaches the table.
    await expect(store.pageBatches(userId, surveyB, first.next!, 20)).rejects.toBeInstanceOf(InvalidBatchCursorError);
    await expect(store.pageBatches(userId, surveyA, 'e30', 20)).rejects.toBeInstanceOf(InvalidBatchCursorError);

    // A batch stored before the source existed reads as an upload.
    await createDocumentClient(stack.env).send(
      new UpdateCommand({
        TableName: stack.env.TABLE_NAME,
        Key: { pk: `USER#${userId}`, sk: `REQBATCH#${surveyA}#${batchOf(25, surveyA).id}` },
        UpdateExpression: 'REMOVE #source',
        ConditionExpression: 'attribute_exists(#source)',
        ExpressionAttributeNames: { '#source': 'source' },
      }),
    );
    expect((await store.getBatch(userId, surveyA, batchOf(25, surveyA).id))!.source).toBe('upload');
    await store.deleteByOwner(userId);
    expect(await store.listBatchesBySurvey(userId, surveyA)).toEqual([]);
  });

  it('answers a mangled cursor of the owner’s list with 400', async () => {
    const res = await apiCall(
      api,
      'GET',
      `${pathOf('list-request-batches', { surveyId: survey.id })}?cursor=${'x'.repeat(20)}`,
      { user: owner },
    );
    expect(res.status).toBe(400);
    const tooLong = await apiCall(
      api,
      'GET',
      `${pathOf('list-request-batches', { surveyId: survey.id })}?cursor=${'x'.repeat(401)}`,
      { user: owner },
    );
    expect(tooLong.status).toBe(400);
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  errorBodySchema,
  hookRequestResultSchema,
  pathOf,
  requestBatchPageSchema,
  requestBatchSchema,
  requestHookCreatedSchema,
  requestHookPathOf,
  requestHookStateSchema,
  requestRecipientPageSchema,
  type RequestBatch,
  type Survey,
} from '@reviewroute/shared';
import { tableEntities } from '@reviewroute/functions/data/client';
import { apiCall, createSampleSurvey, ownerCall, publishSurvey, type ApiUser } from '../support/api';
import { createSignedInUser } from '../support/cognito';
import { listMails, waitForMail, type InboxMail } from '../support/inbox';

/**
 * The inbound webhook of review requests on the local stack: the owner makes a survey's secret URL, a booking
 * system posts customers to it (no sign-in), the requests worker mails them like any batch. One external id
 * schedules one request; a wrong or replaced token is 404; a malformed body is 400.
 */

const stack = inject('localStack');
const api = stack.urls.api;

describe('the review-request webhook', () => {
  let owner: ApiUser;
  let survey: Survey;

  /** Makes (or replaces) the survey's hook, sending at once: its token. */
  const newToken = async (delayMinutes = 0) =>
    requestHookCreatedSchema.parse(
      await ownerCall(api, owner, 'POST', pathOf('regenerate-request-hook', { surveyId: survey.id }), {
        permissionConfirmed: true,
        delayMinutes,
      }),
    ).token;
  const callHook = (token: string, body: unknown) => apiCall(api, 'POST', requestHookPathOf(token), { body });
  /** Every batch of the survey, newest first: the owner's list read page by page, as the page's "Load more" does. */
  const batches = async () => {
    const all: RequestBatch[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
      const page = requestBatchPageSchema.parse(
        await ownerCall(api, owner, 'GET', pathOf('list-request-batches', { surveyId: survey.id }) + query),
      );
      all.push(...page.batches);
      cursor = page.nextCursor;
    } while (cursor);
    return all;
  };
  const customer = () => {
    const id = randomUUID().slice(0, 8);
    return { name: 'Piet Klant', email: `hook-${id}@klant.example`, language: 'nl', externalId: `booking-${id}` };
  };

  beforeAll(async () => {
    owner = await createSignedInUser(stack);
    survey = await publishSurvey(
      owner,
      (await createSampleSurvey(owner, 'Kapsalon Haak', { language: 'nl', supportEmail: 'anna@haak.example' })).id,
    );
  });

  it('shows no hook until the owner makes one; its token is never read back', async () => {
    const before = requestHookStateSchema.parse(
      await ownerCall(api, owner, 'GET', pathOf('get-request-hook', { surveyId: survey.id })),
    );
    expect(before.hook).toBeNull();
    const token = await newToken();
    const after = await ownerCall(api, owner, 'GET', pathOf('get-request-hook', { surveyId: survey.id }));
    expect(requestHookStateSchema.parse(after).hook).toMatchObject({ surveyId: survey.id, delayMinutes: 0 });
    expect(JSON.stringify(after)).not.toContain(token);
  });

  it('schedules one request for an external id called twice, and mails the customer once', async () => {
    const token = await newToken();
    const row = customer();
    const before = (await batches()).length;
    const first = await callHook(token, row);
    expect(first.status).toBe(202);
    expect(hookRequestResultSchema.parse(first.body).status).toBe('scheduled');
    const second = await callHook(token, { ...row, name: 'Piet K.' });
    expect(second.status).toBe(202);
    expect(hookRequestResultSchema.parse(second.body)).toEqual({
      status: 'duplicate',
      sendAt: hookRequestResultSchema.parse(first.body).sendAt,
    });
    const all = await batches();
    const mine = all.slice(0, all.length - before);
    expect(mine).toHaveLength(1);
    // Labelled as the booking system's on the owner's page.
    expect(mine[0]).toMatchObject({ source: 'hook', total: 1 });
    // Sent by the worker like any batch; once it is done, the customer got exactly one mail.
    await expect
      .poll(
        async () =>
          requestRecipientPageSchema
            .parse(
              await ownerCall(
                api,
                owner,
                'GET',
                pathOf('list-request-recipients', { surveyId: survey.id, batchId: mine[0]!.id }),
              ),
            )
            .recipients.map((r) => [r.email, r.name, r.state]),
        { timeout: 20_000, interval: 100 },
      )
      .toEqual([[row.email, 'Piet Klant', 'sent']]);
    const mails = (await listMails(stack.urls.inbox)).filter((m) => m.destination.to.includes(row.email));
    expect(mails).toHaveLength(1);
  });

  it('takes a mobile number instead of an address, stored in E.164, and is still one request per external id', async () => {
    const token = await newToken();
    const { email: _, ...row } = customer();
    const digits = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
    const before = (await batches()).length;
    const first = await callHook(token, { ...row, phone: `06 12 ${digits}` });
    expect(first.status).toBe(202);
    expect(hookRequestResultSchema.parse(first.body).status).toBe('scheduled');
    // The booking system's retry writes the number another way: the same booking, answered as a duplicate.
    const second = await callHook(token, { ...row, phone: `+31 (0)6 12${digits}` });
    expect(hookRequestResultSchema.parse(second.body)).toEqual({
      status: 'duplicate',
      sendAt: hookRequestResultSchema.parse(first.body).sendAt,
    });
    const all = await batches();
    const mine = all.slice(0, all.length - before);
    expect(mine).toHaveLength(1);
    const page = requestRecipientPageSchema.parse(
      await ownerCall(
        api,
        owner,
        'GET',
        pathOf('list-request-recipients', { surveyId: survey.id, batchId: mine[0]!.id }),
      ),
    );
    expect(page.recipients.map((r) => [r.name, r.email, r.phone])).toEqual([['Piet Klant', null, `+31612${digits}`]]);
    // A malformed number is the body's error, and schedules nothing.
    const malformed = await callHook(token, { ...row, externalId: `${row.externalId}-2`, phone: '06-1234' });
    expect(malformed.status).toBe(400);
    expect(errorBodySchema.parse(malformed.body).error.fields).toEqual({ phone: 'Enter a valid mobile phone number' });
    expect(await batches()).toHaveLength(all.length);
  });

  it('answers skipped for a customer who unsubscribed a minute ago, whose row says so; an upload skips them at once', async () => {
    const token = await newToken();
    const row = customer();
    const list = async (batchId: string) =>
      requestRecipientPageSchema.parse(
        await ownerCall(api, owner, 'GET', pathOf('list-request-recipients', { surveyId: survey.id, batchId })),
      ).recipients;
    const first = hookRequestResultSchema.parse((await callHook(token, row)).body);
    expect(first.status).toBe('scheduled');
    const [sent] = await batches();
    const mail = (await waitForMail(stack.urls.inbox, row.email, { timeoutMs: 20_000 })) as InboxMail & {
      headers?: { name: string; value: string }[];
    };
    // The customer's mail client unsubscribes in one click (RFC 8058).
    const oneClick = mail.headers!.find((h) => h.name === 'List-Unsubscribe')!.value.slice(1, -1);
    const unsubscribed = await fetch(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(200);
    // Their row no longer says only "sent": it says they unsubscribed.
    expect(await list(sent!.id)).toMatchObject([{ state: 'sent', channel: 'email', suppressedAs: 'unsubscribed' }]);

    // The booking system sends the same customer for their next visit: skipped, with why.
    const again = await callHook(token, { ...row, externalId: `${row.externalId}-next` });
    expect(again.status).toBe(202);
    expect(hookRequestResultSchema.parse(again.body)).toEqual({
      status: 'skipped',
      reason: 'unsubscribed',
      sendAt: expect.any(String),
    });
    const [skipped] = await batches();
    expect(await list(skipped!.id)).toMatchObject([{ email: row.email, state: 'skipped', reason: 'unsubscribed' }]);
    // The owner's upload of the address: its row is skipped with the reason in the answer's first read.
    const upload = requestBatchSchema.parse(
      await ownerCall(api, owner, 'POST', pathOf('create-request-batch', { surveyId: survey.id }), {
        rows: [{ name: 'Piet', email: row.email.toUpperCase() }],
        permissionConfirmed: true,
      }),
    );
    expect(await list(upload.id)).toMatchObject([{ state: 'skipped', reason: 'unsubscribed' }]);
    // Both batches are done without a second mail.
    await expect
      .poll(async () => (await batches()).slice(0, 2).map((b) => b.state), { timeout: 20_000, interval: 200 })
      .toEqual(['done', 'done']);
    expect((await listMails(stack.urls.inbox)).filter((m) => m.destination.to.includes(row.email))).toHaveLength(1);
  });

  it('settles concurrent calls with one external id in the table: one batch, the others duplicates', async () => {
    const token = await newToken();
    const before = (await batches()).length;
    const row = customer();
    const answers = await Promise.all(Array.from({ length: 4 }, () => callHook(token, row)));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202]);
    const statuses = answers.map((a) => hookRequestResultSchema.parse(a.body).status).sort();
    expect(statuses).toEqual(['duplicate', 'duplicate', 'duplicate', 'scheduled']);
    // The losers' batches were deleted again when their scheduling was refused.
    expect(await batches()).toHaveLength(before + 1);
  });

  it('answers 404 to a wrong or malformed token, and schedules nothing', async () => {
    await newToken();
    const before = (await batches()).length;
    const forged = Buffer.concat([Buffer.from(survey.id.replace(/-/g, ''), 'hex'), randomBytes(24)]).toString(
      'base64url',
    );
    for (const token of [forged, 'not-a-token', randomBytes(40).toString('base64url')]) {
      const res = await callHook(token, customer());
      expect(res.status, token).toBe(404);
      expect(errorBodySchema.parse(res.body).error.code).toBe('NOT_FOUND');
    }
    expect(await batches()).toHaveLength(before);
  });

  it('stops the old token the moment a new one is made', async () => {
    const old = await newToken();
    expect((await callHook(old, customer())).status).toBe(202);
    const fresh = await newToken();
    expect((await callHook(old, customer())).status).toBe(404);
    expect((await callHook(fresh, customer())).status).toBe(202);
  });

  it('refuses malformed bodies with 400 and their field, scheduling nothing', async () => {
    const token = await newToken();
    const before = (await batches()).length;
    const cases: [unknown, string | null][] = [
      [{ ...customer(), externalId: undefined }, 'externalId'],
      [{ ...customer(), email: 'not-an-address' }, 'email'],
      [{ ...customer(), language: 'de' }, 'language'],
      [{ ...customer(), name: '' }, 'name'],
      [{ ...customer(), externalId: 'a'.repeat(201) }, 'externalId'],
      ['{"name": "Piet"', null],
      [[customer()], null],
    ];
    for (const [body, field] of cases) {
      const res = await callHook(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const { error } = errorBodySchema.parse(res.body);
      if (field) expect(Object.keys(error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await batches()).toHaveLength(before);
  });

  it('goes with its survey: the URL answers 404 and nothing of the hook is left in the table', async () => {
    const other = await publishSurvey(owner, (await createSampleSurvey(owner, 'Kapsalon Weg', { language: 'en' })).id);
    const token = requestHookCreatedSchema.parse(
      await ownerCall(api, owner, 'POST', pathOf('regenerate-request-hook', { surveyId: other.id }), {
        permissionConfirmed: true,
      }),
    ).token;
    expect((await callHook(token, customer())).status).toBe(202);
    await ownerCall(api, owner, 'DELETE', pathOf('delete-survey', { surveyId: other.id }));
    expect((await callHook(token, customer())).status).toBe(404);
    const { requestHook, requestHookCall } = tableEntities(stack.env)();
    expect((await requestHook.get({ surveyId: other.id }).go({ consistent: true })).data).toBeNull();
    expect((await requestHookCall.query.bySurvey({ surveyId: other.id }).go({ consistent: true })).data).toEqual([]);
  });
});

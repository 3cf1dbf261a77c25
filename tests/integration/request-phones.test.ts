import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  accountExportPageSchema,
  pathOf,
  requestBatchSchema,
  requestMessages,
  requestRecipientPageSchema,
  requestRetentionDays,
  type AccountExportPage,
  type Survey,
} from '@reviewroute/shared';
import { apiCall, createSampleSurvey, ownerCall, publishSurvey, rawItem, type ApiUser } from '../support/api';
import { createSignedInUser } from '../support/cognito';

/**
 * Customers' mobile numbers on the local stack (DynamoDB Local): an upload with numbers as people write them
 * stores each in E.164 with its country on the customer's row, the owner's list and the account export show it,
 * and it goes with the row: by the row's TTL, and when the survey (or the account) is erased.
 */

const stack = inject('localStack');
const api = stack.urls.api;
const retention = requestRetentionDays * 24 * 3600;

describe('customers’ mobile numbers', () => {
  let owner: ApiUser;
  let survey: Survey;

  beforeAll(async () => {
    owner = await createSignedInUser(stack);
    survey = await publishSurvey(owner, (await createSampleSurvey(owner, 'Kapsalon Nummer', { language: 'nl' })).id);
  });

  it('refuses a batch with a malformed number or a row without address or number, naming the row', async () => {
    const post = (rows: unknown[]) =>
      apiCall(api, 'POST', pathOf('create-request-batch', { surveyId: survey.id }), {
        user: owner,
        body: { rows, permissionConfirmed: true },
      });
    const malformed = await post([
      { name: 'Piet', phone: '06 12345678' },
      { name: 'Kapot', phone: '06-1234' },
    ]);
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { 'rows.1.phone': requestMessages.phoneInvalid } },
    });
    const neither = await post([{ name: 'Niemand', email: '', phone: '' }]);
    expect(neither.body).toMatchObject({ error: { fields: { 'rows.0.email': requestMessages.contactRequired } } });
  });

  it('stores each number in E.164 with its country, lists and exports it, expires it with its row, and erases it with the survey', async () => {
    // Sent in a year: the rows stay queued, as recorded, whatever the requests worker does meanwhile.
    const sendAt = new Date(Date.now() + 365 * 24 * 3600_000).toISOString();
    const batch = requestBatchSchema.parse(
      await ownerCall(api, owner, 'POST', pathOf('create-request-batch', { surveyId: survey.id }), {
        rows: [
          { name: 'Piet Telefoon', phone: '06 12345678' },
          { name: 'Jan Beide', email: 'jan@klant.example', phone: '0032 470 12 34 56', language: 'nl' },
          { name: 'Hans Handy', phone: '+49 151 23456789', language: 'en' },
          { name: 'Anna Mail', email: 'anna@klant.example' },
        ],
        permissionConfirmed: true,
        sendAt,
      }),
    );

    const row = (index: number) => rawItem(`REQBATCH#${batch.id}`, `RCPT#${String(index).padStart(5, '0')}`);
    const stored = await Promise.all([0, 1, 2, 3].map(row));
    expect(stored.map((item) => [item?.email, item?.phone, item?.phoneCountry])).toEqual([
      [undefined, '+31612345678', 'NL'],
      ['jan@klant.example', '+32470123456', 'BE'],
      [undefined, '+4915123456789', 'DE'],
      ['anna@klant.example', undefined, undefined],
    ]);
    // The number lives on the customer's row, so the row's expiry is the number's: twice the retention after the
    // send time while unsent, 90 days after it once settled (request-retention.test.ts follows a row through).
    for (const item of stored) expect(item!.expiresAt).toBe(Math.floor(Date.parse(sendAt) / 1000) + 2 * retention);

    // The owner's list shows each customer's number and address as stored.
    const page = requestRecipientPageSchema.parse(
      await ownerCall(api, owner, 'GET', pathOf('list-request-recipients', { surveyId: survey.id, batchId: batch.id })),
    );
    expect(page.recipients.map((r) => [r.name, r.email, r.phone])).toEqual([
      ['Piet Telefoon', null, '+31612345678'],
      ['Jan Beide', 'jan@klant.example', '+32470123456'],
      ['Hans Handy', null, '+4915123456789'],
      ['Anna Mail', 'anna@klant.example', null],
    ]);

    // The account export holds them where the customers are.
    const pages: AccountExportPage[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
      pages.push(
        accountExportPageSchema.parse(await ownerCall(api, owner, 'GET', `${pathOf('export-account')}${query}`)),
      );
      cursor = pages.at(-1)!.nextCursor;
    } while (cursor);
    const exported = pages.flatMap((p) => p.requestRecipients).filter((r) => r.batchId === batch.id);
    expect(exported.map((r) => r.phone)).toEqual(['+31612345678', '+32470123456', '+4915123456789', null]);

    // Deleting the survey erases its batches with their customers (the account's erasure runs the same part).
    await ownerCall(api, owner, 'DELETE', pathOf('delete-survey', { surveyId: survey.id }));
    await expect.poll(async () => (await Promise.all([0, 1, 2, 3].map(row))).filter(Boolean)).toEqual([]);
  });
});

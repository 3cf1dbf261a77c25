import { randomUUID } from 'node:crypto';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, inject, it } from 'vitest';
import {
  emptyFunnelCounts,
  pathOf,
  requestBatchSchema,
  requestFunnelSchema,
  requestRecipientPageSchema,
  submitResponseResultSchema,
  type FunnelCounts,
  type Survey,
} from '@reviewroute/shared';
import { createDynamoReviewRequestStore } from '@reviewroute/functions/data/review-requests';
import { tableEntities } from '@reviewroute/functions/data/client';
import { consumeFunnel } from '@reviewroute/functions/domains/requests/funnel-worker';
import { encodeRequestToken } from '@reviewroute/functions/lib/request-token';
import { apiCall, createSampleSurvey, ownerCall, publishSurvey, stackEntities, type ApiUser } from '../support/api';
import { createSignedInUser } from '../support/cognito';
import { listMails } from '../support/inbox';

/**
 * The review-request funnel on the local stack: the public page's calls carry the personal token (the visit, the
 * submit, the review click), the funnel stream worker counts each customer's steps into the survey's one item,
 * and the stream's redeliveries (the same records again, a batch twice at once, an older image after a newer
 * one) count nothing more.
 */

const stack = inject('localStack');

/** A channel's funnel: these counts, the rest 0. */
const counts = (some: Partial<FunnelCounts>): FunnelCounts => ({ ...emptyFunnelCounts(), ...some });
const api = stack.urls.api;

describe('the review-request funnel', () => {
  let owner: ApiUser;
  let survey: Survey;
  let batchId: string;
  let addresses: string[];
  const funnel = async () =>
    requestFunnelSchema.parse(
      await ownerCall(api, owner, 'GET', pathOf('get-request-funnel', { surveyId: survey.id })),
    );
  const tokenOf = async (address: string) =>
    /\?r=([\w-]{46})/.exec(
      (await listMails(stack.urls.inbox)).find((m) => m.destination.to.includes(address))!.body.text!,
    )![1]!;

  /** The owner, a published survey and a batch of three, sent. */
  const setUp = async () => {
    owner = await createSignedInUser(stack);
    survey = await publishSurvey(owner, (await createSampleSurvey(owner, 'Funnel Bakery', { language: 'en' })).id);
    const id = randomUUID().slice(0, 8);
    addresses = ['ann', 'bob', 'cat'].map((name) => `${name}-${id}@funnel.example`);
    const batch = requestBatchSchema.parse(
      await ownerCall(api, owner, 'POST', pathOf('create-request-batch', { surveyId: survey.id }), {
        rows: addresses.map((email) => ({ name: email.split('-')[0]!, email })),
        permissionConfirmed: true,
        reminderDays: 0,
      }),
    );
    batchId = batch.id;
    await expect
      .poll(
        async () =>
          requestRecipientPageSchema
            .parse(
              await ownerCall(api, owner, 'GET', pathOf('list-request-recipients', { surveyId: survey.id, batchId })),
            )
            .recipients.map((r) => r.state),
        { timeout: 20_000, interval: 200 },
      )
      .toEqual(['sent', 'sent', 'sent']);
  };

  it(
    'counts each step once from the page’s calls; forged tokens and redeliveries count nothing',
    { timeout: 90_000 },
    async () => {
      await setUp();
      const [ann, bob] = await Promise.all([tokenOf(addresses[0]!), tokenOf(addresses[1]!)]);
      const code = survey.surveyCode!;
      const open = (requestToken: string) =>
        apiCall(api, 'POST', pathOf('record-link-open', { surveyCode: code }), { body: { requestToken } });
      // Ann opens twice, rates and clicks; Bob opens; a forged token and one of another batch are answered alike.
      for (const token of [ann!, ann!, bob!, encodeRequestToken(batchId, '00002', 'A'.repeat(22)), 'garbage'])
        expect((await open(token)).status).toBe(204);
      const submitted = await apiCall(api, 'POST', pathOf('submit-response', { surveyCode: code }), {
        body: { rating: 5, idempotencyKey: randomUUID(), elapsedMs: 9000, requestToken: ann },
      });
      expect(submitted.status).toBe(201);
      // A submit with a malformed token still counts the rating.
      const other = await apiCall(api, 'POST', pathOf('submit-response', { surveyCode: code }), {
        body: { rating: 4, idempotencyKey: randomUUID(), elapsedMs: 9000, requestToken: 'x'.repeat(500) },
      });
      expect(other.status).toBe(201);
      const { responseId, clickToken } = submitResponseResultSchema.parse(submitted.body);
      const click = await apiCall(api, 'POST', pathOf('record-review-click', { surveyCode: code, responseId }), {
        body: { token: clickToken, requestToken: ann },
      });
      expect(click.status).toBe(204);

      // Delivered: each mail with its delivery report, and the opened ones whether or not it came.
      const delivered = async () => {
        const { data } = await stackEntities()
          .requestRecipient.query.byBatch({ batchId })
          .go({ pages: 'all', consistent: true });
        return data.filter((r) => r.deliveredAt || r.openedAt).length;
      };
      // The funnel with its e-mail `delivered` checked against the rows (a report may still come meanwhile).
      const counted = async () => {
        const { email, sms } = await funnel();
        return { email: { ...email, delivered: email.delivered === (await delivered()) }, sms };
      };
      const email = { sent: 3, delivered: true, opened: 2, rated: 1, clicked: 1 };
      const expected = { email: { ...emptyFunnelCounts(), ...email }, sms: emptyFunnelCounts() };
      await expect.poll(counted, { timeout: 20_000, interval: 200 }).toEqual(expected);

      // The stream again: every recipient's current image, twice at once, then with older images (only `sent`)
      // after the newer ones. The marks commit with the counts, so nothing is added.
      const store = createDynamoReviewRequestStore(tableEntities(stack.env));
      const { data } = await stackEntities()
        .requestRecipient.query.byBatch({ batchId })
        .go({ pages: 'all', consistent: true });
      const recordOf = (item: Record<string, unknown>, sequence: string, older = false): DynamoDBRecord => {
        const image: Record<string, { S: string } | { BOOL: boolean }> = {
          __edb_e__: { S: 'requestRecipient' },
        };
        for (const name of [
          'batchId',
          'recipientId',
          'surveyId',
          'state',
          'channel',
          ...(older ? [] : ['deliveredAt', 'openedAt', 'ratedAt', 'clickedAt']),
        ])
          if (typeof item[name] === 'string') image[name] = { S: item[name] };
        return { eventName: 'MODIFY', dynamodb: { NewImage: image, SequenceNumber: sequence } } as DynamoDBRecord;
      };
      const records = data.map((item, i) => recordOf(item, `9${i}`));
      const older = data.map((item, i) => recordOf(item, `8${i}`, true));
      const results = await Promise.all([
        consumeFunnel(store, { Records: records }),
        consumeFunnel(store, { Records: records }),
      ]);
      expect(results).toEqual([{ batchItemFailures: [] }, { batchItemFailures: [] }]);
      await consumeFunnel(store, { Records: [...records, ...older] });
      expect(await counted()).toEqual(expected);
    },
  );

  it(
    'counts each channel’s steps apart, delivered from the report (or an opened link), a late report once, and failed and unsubscribed requests beside them',
    { timeout: 60_000 },
    async () => {
      owner = await createSignedInUser(stack);
      survey = await publishSurvey(owner, (await createSampleSurvey(owner, 'Channel Bakery', { language: 'en' })).id);
      const { requestRecipient } = stackEntities();
      const batch = randomUUID();
      const at = new Date().toISOString();
      const base = { batchId: batch, userId: owner.userId, surveyId: survey.id, language: 'en' as const, sentAt: at };
      // What the worker, the delivery reports and the public page leave on four customers' rows.
      const rows = [
        { channel: 'sms', state: 'sent', deliveredAt: at, openedAt: at, ratedAt: at, clickedAt: at },
        { channel: 'sms', state: 'sent' },
        { channel: 'sms', state: 'failed', reason: 'rejected' },
        // Stored before channels existed: e-mail's; the customer unsubscribed after it.
        { state: 'sent', deliveredAt: at, suppressedAs: 'unsubscribed' },
      ] as const;
      for (const [i, row] of rows.entries())
        await requestRecipient
          .put({ ...base, ...row, recipientId: String(i).padStart(5, '0'), name: `c${i}`, email: `c${i}@x.example` })
          .go();
      await expect.poll(funnel, { timeout: 20_000, interval: 200 }).toEqual({
        email: counts({ sent: 1, delivered: 1, opened: 0, rated: 0, clicked: 0, unsubscribed: 1 }),
        sms: counts({ sent: 2, delivered: 1, opened: 1, rated: 1, clicked: 1, failed: 1 }),
      });
      // The second text's delivery report comes late: counted once, under texts.
      await requestRecipient.patch({ batchId: batch, recipientId: '00001' }).set({ deliveredAt: at }).go();
      await expect.poll(async () => (await funnel()).sms.delivered, { timeout: 20_000, interval: 200 }).toBe(2);
      expect(await funnel()).toEqual({
        email: counts({ sent: 1, delivered: 1, opened: 0, rated: 0, clicked: 0, unsubscribed: 1 }),
        sms: counts({ sent: 2, delivered: 2, opened: 1, rated: 1, clicked: 1, failed: 1 }),
      });
    },
  );
});

import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import {
  allowances,
  errorBodySchema,
  hookRequestResultSchema,
  pathOf,
  requestUploadRateLimit,
  requestBatchPageSchema,
  requestHookCreatedSchema,
  requestHookPathOf,
  type Survey,
} from '@reviewroute/shared';
import { tableEntities } from '@reviewroute/functions/data/client';
import { createDynamoRateLimiter, rateSlot } from '@reviewroute/functions/data/rate-window';
import { requestQuotaKeys } from '@reviewroute/functions/domains/requests/request-quota';
import { apiCall, createSampleSurvey, ownerCall, publishSurvey, type ApiAnswer, type ApiUser } from '../support/api';
import { createSignedInUser } from '../support/cognito';

/**
 * An owner's pace and daily quota of review requests on the local stack (a new account: the trial's 100 batches and 1,000
 * customers a UTC day): the owner's upload and their booking system's hook both answer 429 with Retry-After to the
 * day's end and the quota's own code, and store nothing.
 */

const stack = inject('localStack');
const api = stack.urls.api;

/** The survey's booking-system hook, made now, called once with a new customer: its answer. */
async function callNewHook(owner: ApiUser, survey: Survey): Promise<ApiAnswer> {
  const token = requestHookCreatedSchema.parse(
    await ownerCall(api, owner, 'POST', pathOf('regenerate-request-hook', { surveyId: survey.id }), {
      permissionConfirmed: true,
      delayMinutes: 0,
    }),
  ).token;
  return apiCall(api, 'POST', requestHookPathOf(token), {
    body: { name: 'Piet', email: `hook-${randomUUID()}@klant.example`, externalId: `b-${randomUUID()}` },
  });
}

describe('the daily quota of review requests', () => {
  let owner: ApiUser;
  let survey: Survey;
  const batchesPath = () => pathOf('create-request-batch', { surveyId: survey.id });
  const rows = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ name: `Klant ${i}`, email: `quota-${i}-${randomUUID()}@klant.example` }));
  const untilDayEnds = () => {
    const now = Date.now();
    return Math.ceil((Math.floor(now / 86_400_000) * 86_400_000 + 86_400_000 - now) / 1000);
  };
  const expectQuotaRefusal = (answer: ApiAnswer) => {
    expect(answer.status).toBe(429);
    expect(errorBodySchema.parse(answer.body).error.code).toBe('REQUEST_QUOTA_REACHED');
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(Math.abs(retryAfter - untilDayEnds())).toBeLessThanOrEqual(5);
  };
  const storedBatches = async () =>
    requestBatchPageSchema.parse(
      await ownerCall(api, owner, 'GET', pathOf('list-request-batches', { surveyId: survey.id })),
    ).batches.length;

  beforeAll(async () => {
    owner = await createSignedInUser(stack);
    survey = await publishSurvey(owner, (await createSampleSurvey(owner, 'Bakkerij Quotum', { language: 'nl' })).id);
  });

  it('refuses an upload past the day’s customers and, once the day’s batches are used, the upload and the hook alike', async () => {
    // One upload of more customers than the trial's day allows: refused, nothing stored.
    const tooMany = await apiCall(api, 'POST', batchesPath(), {
      user: owner,
      body: { rows: rows(allowances.trial.dailyRows + 1), permissionConfirmed: true },
    });
    expectQuotaRefusal(tooMany);
    expect(await storedBatches()).toBe(0);
    // Within it: scheduled.
    await ownerCall(api, owner, 'POST', batchesPath(), { rows: rows(2), permissionConfirmed: true });
    expect(await storedBatches()).toBe(1);

    // The day's batches used up (as 99 more uploads or calls would): the next upload and the next call are refused.
    const slot = rateSlot(
      requestQuotaKeys(owner.userId).batches,
      { limit: allowances.trial.dailyBatches, windowSeconds: 86_400 },
      new Date(),
    );
    expect(
      await createDynamoRateLimiter(tableEntities(stack.env)).consume(slot, allowances.trial.dailyBatches - 1),
    ).toBe(true);
    expectQuotaRefusal(
      await apiCall(api, 'POST', batchesPath(), { user: owner, body: { rows: rows(1), permissionConfirmed: true } }),
    );
    const call = await callNewHook(owner, survey);
    expectQuotaRefusal(call);
    expect(() => hookRequestResultSchema.parse(call.body)).toThrow();
    expect(await storedBatches()).toBe(1);
  });
});

describe('the pace of uploads', () => {
  it('refuses an owner’s upload past 10 a minute with 429 and Retry-After to the minute’s end, storing nothing, while their hook goes on', async () => {
    const owner = await createSignedInUser(stack);
    const survey = await publishSurvey(owner, (await createSampleSurvey(owner, 'Bakkerij Tempo')).id);
    const upload = () =>
      apiCall(api, 'POST', pathOf('create-request-batch', { surveyId: survey.id }), {
        user: owner,
        body: { rows: [{ name: 'Klant', email: `pace-${randomUUID()}@klant.example` }], permissionConfirmed: true },
      });
    const windowMs = requestUploadRateLimit.windowSeconds * 1000;
    // The test's uploads fall in one window: started with at least 20 s of it left.
    await vi.waitUntil(() => windowMs - (Date.now() % windowMs) > 20_000, { timeout: 25_000, interval: 250 });
    // Nine of the minute's ten uploads made already (as nine sends from the page would).
    const slot = rateSlot(requestQuotaKeys(owner.userId).uploads, requestUploadRateLimit, new Date());
    expect(
      await createDynamoRateLimiter(tableEntities(stack.env)).consume(slot, requestUploadRateLimit.limit - 1),
    ).toBe(true);
    expect((await upload()).status).toBe(201);
    const refused = await upload();
    expect(refused.status).toBe(429);
    expect(errorBodySchema.parse(refused.body).error.code).toBe('RATE_LIMITED');
    const retryAfter = Number(refused.headers.get('retry-after'));
    const untilWindowEnds = Math.ceil((windowMs - (Date.now() % windowMs)) / 1000);
    expect(Math.abs(retryAfter - untilWindowEnds)).toBeLessThanOrEqual(2);
    const stored = requestBatchPageSchema.parse(
      await ownerCall(api, owner, 'GET', pathOf('list-request-batches', { surveyId: survey.id })),
    ).batches;
    expect(stored).toHaveLength(1);
    // The booking system's hook is held to its own limit, not the page's.
    const call = await callNewHook(owner, survey);
    expect(hookRequestResultSchema.parse(call.body).status).toBe('scheduled');
  });
});

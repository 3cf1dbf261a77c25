import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import {
  accountSummarySchema,
  errorBodySchema,
  onboardingSchema,
  submitResponseResultSchema,
  surveySchema,
  surveyStatsSchema,
  type Survey,
} from '@reviewroute/shared';
import { decodeJwt } from 'jose';
import { createCognitoUserDirectory } from '@reviewroute/functions/data/user-directory';
import { callApi, sampleBusiness, stackEntities, type ApiUser } from '../support/api';
import { createSignedInUser } from '../support/cognito';

const stack = inject('localStack');

const step1 = sampleBusiness('Dashboard Diner');

async function createSurvey(user: ApiUser, changes: Record<string, unknown> = {}): Promise<Survey> {
  const created = await callApi('POST', '/api/surveys', { user, body: step1 });
  expect(created.status).toBe(201);
  const survey = surveySchema.parse(created.body);
  if (Object.keys(changes).length)
    expect(
      (await callApi('PATCH', `/api/surveys/${survey.id}`, { user, body: { version: survey.version, ...changes } }))
        .status,
    ).toBe(200);
  return survey;
}

async function publish(user: ApiUser, id: string): Promise<Survey> {
  const res = await callApi('POST', `/api/surveys/${id}/publish`, { user });
  expect(res.status).toBe(200);
  return surveySchema.parse(res.body);
}

async function submit(survey: Survey, answer: Record<string, unknown>) {
  const res = await callApi('POST', `/api/public/surveys/${survey.surveyCode}/responses`, {
    body: { idempotencyKey: randomUUID(), elapsedMs: 9000, ...answer },
  });
  expect(res.status).toBe(201);
  return submitResponseResultSchema.parse(res.body);
}

/**
 * The stats once the stats worker has caught up with the stream so far that `check` passes (the
 * dashboard may lag a submit by up to 2 s, decisions 20).
 */
const statsWhen = (user: ApiUser, id: string, check: (s: Awaited<ReturnType<typeof stats>>) => void) =>
  vi.waitFor(
    async () => {
      const result = await stats(user, id);
      check(result);
      return result;
    },
    { timeout: 10_000, interval: 50 },
  );

const stats = async (user: ApiUser, id: string) => {
  const res = await callApi('GET', `/api/surveys/${id}/stats`, { user });
  expect(res.status).toBe(200);
  return surveyStatsSchema.strict().parse(res.body);
};

const onboarding = async (user: ApiUser, id: string) => {
  const res = await callApi('GET', `/api/surveys/${id}/onboarding`, { user });
  expect(res.status).toBe(200);
  return onboardingSchema.strict().parse(res.body);
};

describe('owner dashboard API through the gateway', () => {
  let owner: ApiUser;
  let other: ApiUser;

  beforeAll(async () => {
    [owner, other] = await Promise.all([createSignedInUser(stack), createSignedInUser(stack)]);
  });

  it('counts 5, 5, 4, 2 and an empty comment from the aggregate; the three comments newest first', async () => {
    const survey = await publish(owner, (await createSurvey(owner, { collectContactOnLowRating: true })).id);
    const contact = { customerName: 'Ann', customerEmail: 'ann@example.com' };
    await submit(survey, { rating: 5, comment: 'Great burgers' });
    await submit(survey, { rating: 5, comment: '', ...contact });
    await submit(survey, { rating: 4, comment: 'Nice fries', ...contact });
    await submit(survey, { rating: 2, comment: 'Cold coffee', ...contact });

    const result = await statsWhen(owner, survey.id, (r) => expect(r.reviewCount).toBe(4));
    expect(result).toMatchObject({
      surveyId: survey.id,
      reviewCount: 4,
      averageRating: 4,
      fiveStarCount: 2,
      reviewClicks: 0,
      histogram: [0, 1, 0, 1, 2],
    });
    expect(result.recentFeedback.map((f) => [f.rating, f.comment, f.customerName, f.customerEmail])).toEqual([
      [2, 'Cold coffee', 'Ann', 'ann@example.com'],
      [4, 'Nice fries', null, null],
      [5, 'Great burgers', null, null],
    ]);
    const dates = result.recentFeedback.map((f) => Date.parse(f.createdAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);

    // Only the commented responses are in the sparse index, so the query never reads the empty one.
    const indexed = await stackEntities()
      .response.query.recentFeedback({ surveyId: survey.id })
      .go({ pages: 'all', attributes: ['responseId'] });
    expect(indexed.data).toHaveLength(3);
  });

  it('lists only the latest 10 comments: the 11th newest is not listed', async () => {
    const survey = await publish(owner, (await createSurvey(owner)).id);
    for (let i = 1; i <= 11; i++) await submit(survey, { rating: (i % 5) + 1, comment: `comment ${i}` });
    const result = await statsWhen(owner, survey.id, (r) => expect(r.reviewCount).toBe(11));
    expect(result.recentFeedback.map((f) => f.comment)).toEqual(
      Array.from({ length: 10 }, (_, i) => `comment ${11 - i}`),
    );
  });

  it('reads a draft (no stats item yet) as zeros', async () => {
    const draft = await createSurvey(owner);
    expect(await stats(owner, draft.id)).toMatchObject({ reviewCount: 0, averageRating: 0, recentFeedback: [] });
  });

  it('answers another owner with 404 NOT_FOUND on stats and onboarding', async () => {
    const survey = await publish(owner, (await createSurvey(owner)).id);
    await submit(survey, { rating: 1, comment: 'private' });
    for (const path of [`/api/surveys/${survey.id}/stats`, `/api/surveys/${survey.id}/onboarding`]) {
      const res = await callApi('GET', path, { user: other });
      expect(res.status, path).toBe(404);
      expect(errorBodySchema.parse(res.body).error.code).toBe('NOT_FOUND');
      expect((await callApi('GET', path)).status, path).toBe(401);
    }
  });

  it('advances the onboarding steps: publish, copy the URL, a response, a review click', async () => {
    const fresh = await createSignedInUser(stack);
    const draft = await createSurvey(fresh);
    expect(await onboarding(fresh, draft.id)).toEqual({
      hasActiveSurvey: false,
      urlCopied: false,
      hasResponse: false,
      hasReviewClick: false,
    });

    const survey = await publish(fresh, draft.id);
    expect(await onboarding(fresh, survey.id)).toMatchObject({ hasActiveSurvey: true, urlCopied: false });

    expect((await callApi('PATCH', '/api/profile', { user: fresh, body: { surveyUrlCopied: true } })).status).toBe(200);
    expect(await onboarding(fresh, survey.id)).toMatchObject({ urlCopied: true, hasResponse: false });

    const { responseId, clickToken } = await submit(survey, { rating: 5, comment: 'Loved it' });
    await vi.waitFor(
      async () =>
        expect(await onboarding(fresh, survey.id)).toMatchObject({ hasResponse: true, hasReviewClick: false }),
      { timeout: 10_000, interval: 50 },
    );

    const click = await callApi(
      'POST',
      `/api/public/surveys/${survey.surveyCode}/responses/${responseId}/review-click`,
      { body: { token: clickToken } },
    );
    expect(click.status).toBe(204);
    await statsWhen(fresh, survey.id, (r) => expect(r.reviewClicks).toBe(1));
    expect(await onboarding(fresh, survey.id)).toEqual({
      hasActiveSurvey: true,
      urlCopied: true,
      hasResponse: true,
      hasReviewClick: true,
    });
    // The click keeps the response in the recent feedback (the update leaves its index keys alone).
    expect(await stats(fresh, survey.id)).toMatchObject({
      reviewClicks: 1,
      recentFeedback: [{ id: responseId, comment: 'Loved it' }],
    });
  });

  it('deletes a survey with its commented responses, index entries included', async () => {
    const survey = await publish(owner, (await createSurvey(owner)).id);
    await submit(survey, { rating: 3, comment: 'gone soon' });
    expect((await callApi('DELETE', `/api/surveys/${survey.id}`, { user: owner })).status).toBe(204);
    expect((await callApi('GET', `/api/surveys/${survey.id}/stats`, { user: owner })).status).toBe(404);
    const indexed = await stackEntities().response.query.recentFeedback({ surveyId: survey.id }).go({ pages: 'all' });
    expect(indexed.data).toEqual([]);
  });

  it('shows a fresh account a 7-day trial from its Cognito creation date', async () => {
    const before = Date.now();
    const fresh = await createSignedInUser(stack);
    const res = await callApi('GET', '/api/account', { user: fresh });
    expect(res.status).toBe(200);
    const summary = accountSummarySchema.parse(res.body);
    expect(summary).toMatchObject({
      userId: fresh.userId,
      email: fresh.email,
      plan: { kind: 'trial', daysRemaining: 7 },
    });
    // From AdminGetUser (second precision), not the fallback: created during this test.
    const created = Date.parse(summary.createdAt);
    expect(created).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(created).toBeLessThanOrEqual(Date.now());
    expect((await callApi('GET', '/api/account')).status).toBe(401);
  });

  it('reads the creation date from the pool by the token’s cognito:username and by sub', async () => {
    const fresh = await createSignedInUser(stack);
    const claims = decodeJwt(fresh.tokens.idToken);
    const username = claims['cognito:username'];
    expect(typeof username).toBe('string');
    const directory = createCognitoUserDirectory(stack.env);
    const byUsername = await directory.createdAt(username as string);
    const bySub = await directory.createdAt(fresh.userId);
    expect(byUsername).toBeInstanceOf(Date);
    expect(bySub?.toISOString()).toBe(byUsername!.toISOString());
    expect(byUsername!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await directory.createdAt(randomUUID())).toBeUndefined();
    const summary = accountSummarySchema.parse((await callApi('GET', '/api/account', { user: fresh })).body);
    expect(summary.createdAt).toBe(byUsername!.toISOString());
  });
});

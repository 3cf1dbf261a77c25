import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import {
  errorBodySchema,
  publicSurveyCacheControl,
  publicSurveySchema,
  submitResponseResultSchema,
  surveySchema,
  type Survey,
} from '@reviewroute/shared';
import { createDynamoSurveyStats } from '@reviewroute/functions/data/survey-stats';
import type { SurveyTally } from '@reviewroute/functions/data/survey-stats';
import {
  callApi,
  newLoopbackClient,
  sampleBusiness,
  stackEntities,
  storedResponses,
  type ApiUser,
} from '../support/api';
import { createSignedInUser } from '../support/cognito';

const stack = inject('localStack');
/** Reads the tallies the API counted, straight from the table. */
const tallies = createDynamoSurveyStats(stackEntities);

/** The survey's tally once the stats worker has caught up with the stream so far that `check` passes. */
const tallyWhen = (surveyId: string, check: (tally: SurveyTally | undefined) => void) =>
  vi.waitFor(
    async () => {
      const tally = await tallies.getTally(surveyId);
      check(tally);
      return tally;
    },
    { timeout: 10_000, interval: 50 },
  );

const step1 = sampleBusiness('Corner Bakery');

const answer = (overrides: Record<string, unknown> = {}) => ({
  rating: 5,
  comment: 'Lovely bread',
  idempotencyKey: randomUUID(),
  elapsedMs: 9000,
  ...overrides,
});

describe('public survey API through the gateway', () => {
  let owner: ApiUser;
  let survey: Survey;
  let draft: Survey;

  beforeAll(async () => {
    owner = await createSignedInUser(stack);
    const created = await callApi('POST', '/api/surveys', { user: owner, body: step1 });
    expect(created.status).toBe(201);
    const id = surveySchema.parse(created.body).id;
    expect(
      (
        await callApi('PATCH', `/api/surveys/${id}`, {
          user: owner,
          body: { version: surveySchema.parse(created.body).version, collectContactOnLowRating: true },
        })
      ).status,
    ).toBe(200);
    const published = await callApi('POST', `/api/surveys/${id}/publish`, { user: owner });
    expect(published.status).toBe(200);
    survey = surveySchema.parse(published.body);
    draft = surveySchema.parse((await callApi('POST', '/api/surveys', { user: owner, body: step1 })).body);
  });

  it('serves a published survey by code, cacheable, without the owner', async () => {
    const res = await callApi('GET', `/api/public/surveys/${survey.surveyCode}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(publicSurveyCacheControl);
    const page = publicSurveySchema.strict().parse(res.body);
    expect(page).toMatchObject({ surveyCode: survey.surveyCode, businessSlug: 'corner-bakery' });
    expect(JSON.stringify(res.body)).not.toContain(owner.userId);
    expect(JSON.stringify(res.body)).not.toContain(owner.email);
  });

  it('answers unknown and draft codes with 404 and the spec text', async () => {
    expect(draft.surveyCode).toBeNull();
    for (const code of ['zzzzzzzz', draft.id, 'x']) {
      const res = await callApi('GET', `/api/public/surveys/${code}`);
      expect(res.status, code).toBe(404);
      expect(errorBodySchema.parse(res.body).error).toEqual({
        code: 'NOT_FOUND',
        message: "The survey you're looking for doesn't exist or is no longer active.",
      });
      expect((await callApi('POST', `/api/public/surveys/${code}/responses`, { body: answer() })).status).toBe(404);
    }
  });

  it('stores 200 concurrent submissions of 50 keys exactly once each; the stats worker counts each once', async () => {
    const keys = Array.from({ length: 50 }, () => randomUUID());
    const ratingOf = new Map(keys.map((k, i) => [k, (i % 5) + 1]));
    const before = await tallies.getTally(survey.id);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const key = keys[i % 50]!;
        return callApi('POST', `/api/public/surveys/${survey.surveyCode}/responses`, {
          body: answer({ idempotencyKey: key, rating: ratingOf.get(key), comment: `answer ${i}` }),
        }).then((res) => ({ key, ...res }));
      }),
    );
    const statuses = results.map((r) => r.status);
    expect(
      statuses.filter((s) => s >= 500),
      JSON.stringify(results.find((r) => r.status >= 500)),
    ).toEqual([]);
    expect(new Set(statuses)).toEqual(new Set([201]));
    // Every answer for one key is the same first answer.
    const answerOf = new Map<string, string>();
    for (const r of results) {
      const { responseId, clickToken } = submitResponseResultSchema.parse(r.body);
      const seen = answerOf.get(r.key);
      if (seen) expect(`${responseId} ${clickToken}`).toBe(seen);
      else answerOf.set(r.key, `${responseId} ${clickToken}`);
    }

    const stored = (await storedResponses(survey.id)).filter((r) => (r.comment ?? '').startsWith('answer '));
    expect(stored).toHaveLength(50);
    expect(new Set(stored.map((r) => r.responseId))).toEqual(
      new Set([...answerOf.values()].map((v) => v.split(' ')[0])),
    );
    const all = await storedResponses(survey.id);
    const histogram = [1, 2, 3, 4, 5].map((star) => all.filter((r) => r.rating === star).length);
    const stats = await tallyWhen(survey.id, (tally) =>
      expect(tally).toMatchObject({ count: all.length, sum: all.reduce((s, r) => s + r.rating, 0), histogram }),
    );
    expect(stats!.count - (before?.count ?? 0)).toBe(50);
    // No address anywhere; the user agent is kept.
    expect(stored.every((r) => r.userAgent?.startsWith('reviewroute-test/'))).toBe(true);
    expect(JSON.stringify(stored)).not.toContain('127.0.0.1');
  });

  it('keeps contact details only for low ratings, and drops them otherwise', async () => {
    const contact = { customerName: 'Ann', customerEmail: 'ann@example.com' };
    const low = await callApi('POST', `/api/public/surveys/${survey.surveyCode}/responses`, {
      body: answer({ rating: 2, comment: 'cold', ...contact }),
    });
    const high = await callApi('POST', `/api/public/surveys/${survey.surveyCode}/responses`, {
      body: answer({ rating: 4, comment: 'fine', ...contact }),
    });
    const all = await storedResponses(survey.id);
    const find = (res: { body: unknown }) =>
      all.find((r) => r.responseId === submitResponseResultSchema.parse(res.body).responseId)!;
    expect(find(low)).toMatchObject(contact);
    expect(find(high).customerName).toBeUndefined();
    expect(find(high).customerEmail).toBeUndefined();
  });

  it('counts a review click once; a wrong token or unknown response changes nothing', async () => {
    const submitted = await callApi('POST', `/api/public/surveys/${survey.surveyCode}/responses`, { body: answer() });
    const { responseId, clickToken } = submitResponseResultSchema.parse(submitted.body);
    const clicksBefore = (await tallies.getTally(survey.id))!.reviewClicks;
    const click = (id: string, token: string, code = survey.surveyCode) =>
      callApi('POST', `/api/public/surveys/${code}/responses/${id}/review-click`, { body: { token } });

    // Another token for sure: a 32-byte token ends in 'A' one time in 16, so "swap the last character
    // for an A" would sometimes send the right token.
    const wrongToken = `${clickToken.slice(0, -1)}${clickToken.endsWith('A') ? 'E' : 'A'}`;
    expect(wrongToken).not.toBe(clickToken);
    expect((await click(responseId, wrongToken)).status).toBe(404);
    expect((await click(randomUUID(), clickToken)).status).toBe(404);
    expect((await click(responseId, clickToken, 'zzzzzzzz')).status).toBe(404);

    const clicks = await Promise.all([click(responseId, clickToken), click(responseId, clickToken)]);
    expect(clicks.map((c) => c.status)).toEqual([204, 204]);
    expect((await click(responseId, clickToken)).status).toBe(204);
    await tallyWhen(survey.id, (tally) => expect(tally!.reviewClicks).toBe(clicksBefore + 1));
    const flagged = (await storedResponses(survey.id)).find((r) => r.responseId === responseId)!;
    expect(flagged.googleReviewClicked).toBe(true);
  });

  it('refuses bot posts and rate-limits one client with 4xx, storing nothing extra', async () => {
    const countBefore = (await tallies.getTally(survey.id))!.count;
    const path = `/api/public/surveys/${survey.surveyCode}/responses`;
    const honeypot = await callApi('POST', path, { body: answer({ website: 'http://spam.example' }) });
    const fast = await callApi('POST', path, { body: answer({ elapsedMs: 300 }) });
    for (const res of [honeypot, fast]) {
      expect(res.status).toBe(400);
      expect(errorBodySchema.parse(res.body).error).toEqual({
        code: 'BAD_REQUEST',
        message: 'The request could not be processed.',
      });
    }
    // One client (one address, whatever user agent it sends): the 11th submit within the minute is refused.
    // The window is a wall-clock minute, so at most one boundary can fall inside the burst: allow for it.
    const from = newLoopbackClient();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const userAgent = `rotating/${randomUUID()}`;
      statuses.push((await callApi('POST', path, { body: answer(), userAgent, from })).status);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 429)).toBe(true);
    const accepted = statuses.filter((s) => s === 201).length;
    expect(accepted).toBeLessThanOrEqual(20);
    await tallyWhen(survey.id, (tally) => expect(tally!.count).toBe(countBefore + accepted));
  });

  it('answers a retry with the first answer, and stores one response for it', async () => {
    const body = answer({ rating: 3, comment: 'retried' });
    const path = `/api/public/surveys/${survey.surveyCode}/responses`;
    const first = await callApi('POST', path, { body });
    const again = await callApi('POST', path, { body: { ...body, rating: 1, comment: 'changed' } });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    const { responseId } = submitResponseResultSchema.parse(first.body);
    const stored = (await storedResponses(survey.id)).filter((r) => r.responseId === responseId);
    expect(stored).toMatchObject([{ rating: 3, comment: 'retried' }]);
  });

  it('takes no new submit for a deleted survey once its cache expired (5 s), nor a page read', async () => {
    const created = surveySchema.parse((await callApi('POST', '/api/surveys', { user: owner, body: step1 })).body);
    const live = surveySchema.parse(
      (await callApi('POST', `/api/surveys/${created.id}/publish`, { user: owner })).body,
    );
    const path = `/api/public/surveys/${live.surveyCode}/responses`;
    expect((await callApi('POST', path, { body: answer() })).status).toBe(201);
    expect((await callApi('DELETE', `/api/surveys/${created.id}`, { user: owner })).status).toBe(204);
    // A warm instance may take submits until its cached copy is older than the cache time (those land and
    // are a documented limit); then every submit is refused.
    await vi.waitFor(async () => expect((await callApi('POST', path, { body: answer() })).status).toBe(404), {
      timeout: 10_000,
      interval: 250,
    });
    const landed = (await storedResponses(created.id)).length;
    for (let i = 0; i < 3; i++) expect((await callApi('POST', path, { body: answer() })).status).toBe(404);
    expect((await callApi('GET', `/api/public/surveys/${live.surveyCode}`)).status).toBe(404);
    expect(await storedResponses(created.id)).toHaveLength(landed);
  });

  it('answers garbage bodies with 4xx and stores nothing', async () => {
    const countBefore = (await tallies.getTally(survey.id))!.count;
    const responsesBefore = (await storedResponses(survey.id)).length;
    const garbage = fc.oneof(
      fc.string(),
      fc.json(),
      fc
        .record(
          {
            rating: fc.oneof(fc.integer({ min: -3, max: 9 }), fc.double(), fc.string(), fc.constant(null)),
            comment: fc.oneof(fc.string({ maxLength: 700 }), fc.jsonValue()),
            customerEmail: fc.string(),
            idempotencyKey: fc.oneof(fc.string(), fc.constant('not-a-uuid')),
            website: fc.string({ minLength: 1 }),
            elapsedMs: fc.oneof(fc.integer({ max: 1499 }), fc.double(), fc.string()),
          },
          { requiredKeys: [] },
        )
        .map((v) => JSON.stringify(v)),
    );
    await fc.assert(
      fc.asyncProperty(garbage, async (raw) => {
        const res = await callApi('POST', `/api/public/surveys/${survey.surveyCode}/responses`, { body: raw });
        expect(res.status, raw).toBeGreaterThanOrEqual(400);
        expect(res.status, raw).toBeLessThan(500);
        const click = await callApi(
          'POST',
          `/api/public/surveys/${survey.surveyCode}/responses/${randomUUID()}/review-click`,
          { body: raw },
        );
        expect(click.status, raw).toBeGreaterThanOrEqual(400);
        expect(click.status, raw).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
    expect((await tallies.getTally(survey.id))!.count).toBe(countBefore);
    expect(await storedResponses(survey.id)).toHaveLength(responsesBefore);
  });
});

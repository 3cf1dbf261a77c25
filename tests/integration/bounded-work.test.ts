import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { errorBodySchema, maxRequestBodyBytes, surveySchema, type Survey } from '@reviewroute/shared';
import { apiCall, ownerCall, sampleBusiness, storedResponses } from '../support/api';
import { createSignedInUser } from '../support/cognito';

const stack = inject('localStack');
const api = stack.urls.api;

/**
 * The one timed bound in these tests: generous (a loaded 2-core machine takes ~100 ms for a round trip of a
 * 1 MB body), yet a blow-up (a backtracking pattern over 128 KB) takes seconds and still fails it.
 */
const complexityBoundMs = 1000;

/** Sends a raw body as JSON; returns the answer and how long the whole round trip took. */
async function timedPost(path: string, body: string) {
  const started = performance.now();
  const res = await fetch(`${api}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': `reviewroute-test/${randomUUID()}` },
    body,
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as unknown) : undefined,
    ms: performance.now() - started,
  };
}

describe('bounded work per request, through the gateway', () => {
  let survey: Survey;
  let submitPath: string;
  const answer = (overrides: Record<string, unknown> = {}) =>
    JSON.stringify({ rating: 1, comment: 'Cold', idempotencyKey: randomUUID(), elapsedMs: 9000, ...overrides });

  beforeAll(async () => {
    const owner = await createSignedInUser(stack);
    const created = surveySchema.parse(await ownerCall(api, owner, 'POST', '/api/surveys', sampleBusiness()));
    await ownerCall(api, owner, 'PATCH', `/api/surveys/${created.id}`, {
      version: created.version,
      collectContactOnLowRating: true,
    });
    survey = surveySchema.parse(await ownerCall(api, owner, 'POST', `/api/surveys/${created.id}/publish`));
    submitPath = `/api/public/surveys/${survey.surveyCode}/responses`;
    // The route's Lambda is loaded before anything is timed, as a warm function would be.
    expect((await apiCall(api, 'POST', submitPath, { body: { rating: 0 } })).status).toBe(400);
  });

  it('refuses the crafted e-mail in milliseconds, not seconds, and stores nothing', async () => {
    const res = await timedPost(submitPath, answer({ customerEmail: 'a@' + '.'.repeat(128_000) + '@' }));
    expect(res.ms).toBeLessThan(complexityBoundMs);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await storedResponses(survey.id)).toEqual([]);
  });

  it('refuses the crafted e-mail within the body limit by its pattern, as an invalid e-mail', async () => {
    const res = await timedPost(submitPath, answer({ customerEmail: 'a@' + '.'.repeat(10_000) + '@' }));
    expect(res.ms).toBeLessThan(complexityBoundMs);
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(res.body).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { customerEmail: 'Valid email is required' },
    });
  });

  it('refuses a 1 MB body in milliseconds with 413 and the error contract', async () => {
    const res = await timedPost(submitPath, answer({ comment: 'x'.repeat(1_000_000) }));
    expect(res.ms).toBeLessThan(complexityBoundMs);
    expect(res.status).toBe(413);
    expect(errorBodySchema.parse(res.body).error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await storedResponses(survey.id)).toEqual([]);
  });

  it('draws the line at the limit, on owner routes as on public ones', async () => {
    // JSON may end in white space: the same refused answer, padded to the limit and one byte past it.
    const refused = answer({ rating: 0 });
    const padded = (bytes: number) => refused + ' '.repeat(bytes - Buffer.byteLength(refused));
    const atLimit = await timedPost(submitPath, padded(maxRequestBodyBytes));
    expect(errorBodySchema.parse(atLimit.body).error.code).toBe('VALIDATION_FAILED');
    const over = await timedPost(submitPath, padded(maxRequestBodyBytes + 1));
    expect(over.status).toBe(413);

    const owner = await createSignedInUser(stack);
    const big = await apiCall(api, 'POST', '/api/surveys', {
      user: owner,
      body: { ...sampleBusiness(), industry: 'x'.repeat(maxRequestBodyBytes) },
    });
    expect(big.status).toBe(413);
    expect(errorBodySchema.parse(big.body).error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

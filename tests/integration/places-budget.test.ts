import { describe, expect, inject, it } from 'vitest';
import { errorBodySchema, originVerifyHeader } from '@reviewroute/shared';
import { createHandler } from '@reviewroute/functions/domains/places/handler';
import { lambdaContext, sampleEvent } from '@reviewroute/functions/testing/events';
import type { ApiEvent } from '@reviewroute/functions/lib/http';

const stack = inject('localStack');

/** A search of its own text (no cache hit), carrying the origin secret as a request through CloudFront does. */
const searchEvent = (query: string): ApiEvent => {
  const event = sampleEvent('search-places');
  return {
    ...event,
    body: JSON.stringify({ query, language: 'nl' }),
    headers: { ...event.headers, [originVerifyHeader]: stack.env.ORIGIN_VERIFY_SECRET ?? '' },
  };
};

describe('the Places daily budget', () => {
  it('answers the 429 contract once the global budget is spent, until the UTC day ends', async () => {
    // The stack's own places handler module, with a budget of 2 Google calls a day on the run's table and the
    // loopback Places server (other tests' searches today count in the same budget: it may be spent sooner).
    const handler = createHandler({ ...stack.env, PLACES_DAILY_BUDGET: '2' });
    const secondsToMidnight = 86_400 - (Math.floor(Date.now() / 1000) % 86_400);
    const statuses: number[] = [];
    let refusal: { statusCode: number; headers?: Record<string, string>; body: string } | undefined;
    for (let i = 0; i < 4; i++) {
      const answer = (await handler(searchEvent(`Bakkerij budget ${i}`), lambdaContext())) as {
        statusCode: number;
        headers?: Record<string, string>;
        body: string;
      };
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) refusal ??= answer;
    }
    // At most the budget passes, then every call is refused.
    const firstRefused = statuses.indexOf(429);
    expect(firstRefused).toBeGreaterThanOrEqual(0);
    expect(firstRefused).toBeLessThanOrEqual(2);
    expect(statuses.slice(0, firstRefused).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(firstRefused).every((s) => s === 429)).toBe(true);
    expect(errorBodySchema.parse(JSON.parse(refusal!.body)).error.code).toBe('RATE_LIMITED');
    const retryAfter = Number(refusal!.headers?.['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(secondsToMidnight);
  });
});

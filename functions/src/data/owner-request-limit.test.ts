import { describe, expect, it } from 'vitest';
import { errorBodySchema, ownerRequestLimit } from '@reviewroute/shared';
import { createMemoryRateLimiter } from '../../testing/data/memory-rate-limiter';
import { lambdaContext, sampleEvent } from '../../testing/events';
import { createDomainHandler } from '../lib/http';
import { createOwnerRequestLimit, ownerRequestRuleOf } from './owner-request-limit';
import type { RateLimiter } from './rate-window';

const rule = { limit: 10, windowSeconds: 10 };
/** A clock at a window's start, moved by hand. */
const clock = () => {
  let ms = Date.UTC(2026, 10, 29, 9, 0, 0);
  return { now: () => new Date(ms), advance: (seconds: number) => (ms += seconds * 1000) };
};

describe('per-owner limit of owner routes', () => {
  it('lets an owner make the limit’s requests in a window, refuses the next with the seconds to its end, and lets them go on in the next', async () => {
    const time = clock();
    const limit = createOwnerRequestLimit(createMemoryRateLimiter(), { rule, now: time.now });
    for (let i = 0; i < rule.limit; i++) expect(await limit('a'), `request ${i + 1}`).toBeUndefined();
    time.advance(3);
    expect(await limit('a')).toBe(7);
    time.advance(7);
    expect(await limit('a')).toBeUndefined();
  });

  it('counts each owner on their own: one owner past the limit leaves another untouched', async () => {
    const limit = createOwnerRequestLimit(createMemoryRateLimiter(), { rule, now: clock().now });
    for (let i = 0; i < rule.limit; i++) await limit('script');
    expect(await limit('script')).toBeGreaterThan(0);
    expect(await limit('person')).toBeUndefined();
  });

  it('holds across containers: two Lambdas on one table let the limit through, not twice the limit', async () => {
    const table = createMemoryRateLimiter();
    const time = clock();
    const [one, two] = [0, 1].map(() => createOwnerRequestLimit(table, { rule, now: time.now }));
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? one! : two!)('a')));
    expect(answers.filter((wait) => wait === undefined)).toHaveLength(rule.limit);
  });

  it('asks the table no more once it refused a window, until the window ends (a flood costs no writes)', async () => {
    const memory = createMemoryRateLimiter();
    let calls = 0;
    const table: RateLimiter = { consume: (slot, count) => (calls++, memory.consume(slot, count)) };
    const time = clock();
    const limit = createOwnerRequestLimit(table, { rule, now: time.now });
    for (let i = 0; i <= rule.limit; i++) await limit('a');
    const before = calls;
    for (let i = 0; i < 100; i++) expect(await limit('a')).toBeGreaterThan(0);
    expect(calls).toBe(before);
    time.advance(rule.windowSeconds);
    expect(await limit('a')).toBeUndefined();
    expect(calls).toBeGreaterThan(before);
  });

  it('lets the request through when the table cannot count it (a storage failure refuses nobody by itself)', async () => {
    const broken: RateLimiter = {
      consume: async () => {
        throw new Error('table unreachable');
      },
    };
    const limit = createOwnerRequestLimit(broken, { rule, now: clock().now });
    expect(await limit('a')).toBeUndefined();
  });

  it('is sized so a person never meets it: a dashboard’s few dozen reads at once are far below one window', () => {
    expect(ownerRequestLimit.limit / ownerRequestLimit.windowSeconds).toBeGreaterThanOrEqual(10);
    // A dashboard of many surveys: about 40 reads at once, at most half a window.
    expect(ownerRequestLimit.limit).toBeGreaterThanOrEqual(2 * 40);
  });

  it('answers an owner route past the limit with 429, Retry-After and the error contract, before the route runs; public routes are not counted', async () => {
    const time = clock();
    const limit = createOwnerRequestLimit(createMemoryRateLimiter(), { rule, now: time.now });
    let ran = 0;
    const handler = createDomainHandler('surveys', new Proxy({}, { get: () => () => (ran++, { body: {} }) }) as never, {
      ownerLimit: limit,
    });
    const statuses: number[] = [];
    for (let i = 0; i <= rule.limit; i++) {
      const res = await handler(sampleEvent('get-survey'), lambdaContext());
      statuses.push(typeof res === 'object' ? (res.statusCode ?? 0) : 0);
    }
    expect(statuses.slice(0, rule.limit).every((s) => s === 200)).toBe(true);
    const refused = await handler(sampleEvent('get-survey'), lambdaContext());
    expect(refused).toMatchObject({ statusCode: 429, headers: { 'retry-after': '10' } });
    expect(errorBodySchema.parse(JSON.parse((refused as { body: string }).body)).error.code).toBe('RATE_LIMITED');
    expect(ran).toBe(rule.limit);

    const publicHandler = createDomainHandler(
      'system',
      { health: () => ({ body: { status: 'ok' as const } }) },
      { ownerLimit: async () => 99 },
    );
    expect(await publicHandler(sampleEvent('health'), lambdaContext())).toMatchObject({ statusCode: 200 });
  });
});

describe('OWNER_REQUEST_LIMIT', () => {
  it('sets the requests per window; unset or malformed keeps the default', () => {
    expect(ownerRequestRuleOf({ OWNER_REQUEST_LIMIT: '5000' })).toEqual({ ...ownerRequestLimit, limit: 5000 });
    for (const raw of [undefined, '', '0', '-3', '1.5', 'many'])
      expect(ownerRequestRuleOf({ OWNER_REQUEST_LIMIT: raw }), String(raw)).toEqual(ownerRequestLimit);
  });
});

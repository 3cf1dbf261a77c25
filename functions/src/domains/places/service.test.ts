import { describe, expect, it } from 'vitest';
import type { PlaceSearchResult } from '@reviewroute/shared';
import { ApiError } from '../../lib/api-error';
import { PlacesApiError, type PlacesClient, type PlacesLocale } from './places-client';
import {
  createPlacesService,
  normalizedPlacesQuery,
  placesAllowanceKey,
  placesBudgetKey,
  placesCacheMs,
  placesRateLimit,
} from './service';
import { createMemoryRateLimiter } from '../../../testing/data/memory-rate-limiter';
import type { RateLimiter } from '../../data/rate-window';

const place: PlaceSearchResult = {
  place_id: 'ChIJabc',
  name: 'Bakkerij de Vries',
  formatted_address: 'Oudegracht 1, Utrecht',
  rating: 4.7,
  user_ratings_total: 212,
  types: ['bakery'],
  google_review_url: 'https://search.google.com/local/writereview?placeid=ChIJabc',
};

function fakeClient(fail?: PlacesApiError) {
  const calls: { call: string; arg: string; locale: PlacesLocale }[] = [];
  const client: PlacesClient = {
    async searchText(query, locale) {
      calls.push({ call: 'search', arg: query, locale });
      if (fail) throw fail;
      return [place];
    },
  };
  return { client, calls };
}

/** The shared memory limiter, recording the keys it was asked about. */
function memoryLimiter(): RateLimiter & { keys: string[] } {
  const limiter = createMemoryRateLimiter();
  const keys: string[] = [];
  return {
    keys,
    consume: (slot) => {
      keys.push(slot.key);
      return limiter.consume(slot);
    },
  };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (e: unknown) => (e instanceof ApiError ? e.code : String(e)),
  );

describe('places service', () => {
  it('searches in the owner language and counts the call against the owner', async () => {
    const { client, calls } = fakeClient();
    const limiter = memoryLimiter();
    const service = createPlacesService({ client: () => client, limiter, allowanceOf: async () => 100 });
    expect(await service.search('owner-1', { query: 'Bakkerij', language: 'nl' })).toEqual({ results: [place] });
    expect(await service.search('owner-1', { query: 'Bakery' })).toEqual({ results: [place] });
    expect(calls).toEqual([
      { call: 'search', arg: 'Bakkerij', locale: { languageCode: 'nl', regionCode: 'NL' } },
      { call: 'search', arg: 'Bakery', locale: { languageCode: 'en' } },
    ]);
    // Each billed call counts against the owner's minute, their plan's day and everyone's day.
    const billed = ['places:owner-1', placesAllowanceKey('owner-1'), placesBudgetKey];
    expect(limiter.keys).toEqual([...billed, ...billed]);
    expect(placesAllowanceKey('owner-1')).not.toContain('owner-1');
  });

  it('answers a repeated query (normalized) from the cache for an hour, without a billed call', async () => {
    const { client, calls } = fakeClient();
    const limiter = memoryLimiter();
    let clock = Date.parse('2026-11-23T10:00:00Z');
    const service = createPlacesService({
      client: () => client,
      limiter,
      allowanceOf: async () => 100,
      now: () => new Date(clock),
    });
    await service.search('owner-1', { query: 'Bakkerij de Vries', language: 'nl' });
    await service.search('owner-2', { query: '  bakkerij   DE vries ', language: 'nl' });
    expect(calls).toHaveLength(1);
    // The language changes Google's answer: another call.
    await service.search('owner-1', { query: 'Bakkerij de Vries', language: 'en' });
    expect(calls).toHaveLength(2);
    expect(limiter.keys.filter((k) => k === placesBudgetKey)).toHaveLength(2);
    clock += placesCacheMs;
    await service.search('owner-1', { query: 'Bakkerij de Vries', language: 'nl' });
    expect(calls).toHaveLength(3);
    expect(normalizedPlacesQuery(' A  b ', 'en')).toBe('en:a b');
  });

  it("refuses (429) past the owner's daily allowance by plan, and past the global daily budget, before calling Google", async () => {
    const { client, calls } = fakeClient();
    const at = new Date('2026-11-23T10:00:00Z');
    const small = createPlacesService({
      client: () => client,
      limiter: memoryLimiter(),
      allowanceOf: async (userId) => (userId === 'trial' ? 2 : 100),
      dailyBudget: 3,
      now: () => at,
    });
    await small.search('trial', { query: 'one' });
    await small.search('trial', { query: 'two' });
    const refused = await small.search('trial', { query: 'three' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', statusCode: 429 });
    // Until the UTC day ends.
    expect((refused as ApiError).headers).toMatchObject({ 'retry-after': String(14 * 3600) });
    expect(calls).toHaveLength(2);
    // The budget: a third call by anyone, then nobody.
    await small.search('paid', { query: 'four' });
    expect(await codeOf(small.search('paid', { query: 'five' }))).toBe('RATE_LIMITED');
    expect(calls).toHaveLength(3);
    // A cached query still answers.
    expect(await codeOf(small.search('paid', { query: 'one' }))).toBe('resolved');
  });

  it('says search is not configured without a key, before counting anything', async () => {
    const limiter = memoryLimiter();
    const service = createPlacesService({ client: () => undefined, limiter, allowanceOf: async () => 100 });
    expect(await codeOf(service.search('o', { query: 'abc' }))).toBe('PLACES_NOT_CONFIGURED');
    expect(limiter.keys).toEqual([]);
  });

  it('limits each owner on its own', async () => {
    const { client } = fakeClient();
    const service = createPlacesService({
      client: () => client,
      limiter: memoryLimiter(),
      allowanceOf: async () => 100,
      now: () => new Date('2026-11-23T10:00:05Z'),
    });
    for (let i = 0; i < placesRateLimit.limit; i++) await service.search('busy', { query: 'abc' });
    expect(await codeOf(service.search('busy', { query: 'abc' }))).toBe('RATE_LIMITED');
    expect(await codeOf(service.search('calm', { query: 'abc' }))).toBe('resolved');
  });

  it.each([
    ['a bad key', new PlacesApiError(400, 'INVALID_ARGUMENT', 'API_KEY_INVALID'), 'PLACES_UNAVAILABLE', 502],
    ['a refused key', new PlacesApiError(403, 'PERMISSION_DENIED', 'SERVICE_DISABLED'), 'PLACES_UNAVAILABLE', 502],
    ['the quota', new PlacesApiError(429, 'RESOURCE_EXHAUSTED'), 'PLACES_UNAVAILABLE', 502],
    ['an invalid request', new PlacesApiError(400, 'INVALID_ARGUMENT'), 'BAD_REQUEST', 400],
    ['an outage', new PlacesApiError(503, 'UNAVAILABLE'), 'PLACES_UNAVAILABLE', 502],
    ['no answer', new PlacesApiError(0), 'PLACES_UNAVAILABLE', 502],
  ])('maps %s to our contract', async (_what, failure, code, status) => {
    const { client } = fakeClient(failure);
    const service = createPlacesService({
      client: () => client,
      limiter: memoryLimiter(),
      allowanceOf: async () => 100,
    });
    const error = await service.search('o', { query: 'abc' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code, statusCode: status });
    expect((error as ApiError).message).not.toMatch(/API_KEY|INVALID_ARGUMENT|RESOURCE/);
  });
});

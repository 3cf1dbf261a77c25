import { describe, expect, it } from 'vitest';
import type { PlaceSearchResult } from '@reviewroute/shared';
import { ApiError } from '../../lib/api-error';
import { PlacesApiError, type PlacesClient, type PlacesLocale } from './places-client';
import { createPlacesService, placesRateLimit } from './service';
import { createMemoryRateLimiter, type RateLimiter } from '../../data/rate-window';

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
    const service = createPlacesService({ client: () => client, limiter });
    expect(await service.search('owner-1', { query: 'Bakkerij', language: 'nl' })).toEqual({ results: [place] });
    expect(await service.search('owner-1', { query: 'Bakery' })).toEqual({ results: [place] });
    expect(calls).toEqual([
      { call: 'search', arg: 'Bakkerij', locale: { languageCode: 'nl', regionCode: 'NL' } },
      { call: 'search', arg: 'Bakery', locale: { languageCode: 'en' } },
    ]);
    expect(limiter.keys).toEqual(['places:owner-1', 'places:owner-1']);
  });

  it('says search is not configured without a key, before counting anything', async () => {
    const limiter = memoryLimiter();
    const service = createPlacesService({ client: () => undefined, limiter });
    expect(await codeOf(service.search('o', { query: 'abc' }))).toBe('PLACES_NOT_CONFIGURED');
    expect(limiter.keys).toEqual([]);
  });

  it('limits each owner on its own', async () => {
    const { client } = fakeClient();
    const service = createPlacesService({
      client: () => client,
      limiter: memoryLimiter(),
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
    const service = createPlacesService({ client: () => client, limiter: memoryLimiter() });
    const error = await service.search('o', { query: 'abc' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code, statusCode: status });
    expect((error as ApiError).message).not.toMatch(/API_KEY|INVALID_ARGUMENT|RESOURCE/);
  });
});

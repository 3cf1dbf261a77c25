import { describe, expect, it } from 'vitest';
import { lambdaContext, sampleEvent } from '../../../testing/events';
import { lambdaEnvOf } from '../../lib/env';
import { createHandler, createPlacesHandler, placesClientOf } from './handler';
import type { PlacesClient } from './places-client';
import { createPlacesService } from './service';

const result = {
  place_id: 'ChIJ2eUgeAK6j4ARbn5u_wAGqWA',
  name: 'Bakkerij de Vries',
  formatted_address: 'Oudegracht 1, Utrecht',
  rating: 4.7,
  user_ratings_total: 212,
  types: ['bakery'],
  google_review_url: 'https://search.google.com/local/writereview?placeid=ChIJ2eUgeAK6j4ARbn5u_wAGqWA',
};

describe('places handler', () => {
  const seen: string[] = [];
  const client: PlacesClient = {
    searchText: async (query, locale) => (seen.push(`search ${query} ${locale.languageCode}`), [result]),
  };
  const handler = createPlacesHandler(() =>
    createPlacesService({ client: () => client, limiter: { consume: async () => true }, allowanceOf: async () => 100 }),
  );

  it('answers the sample events with the spec shapes, in the language sent', async () => {
    const search = await handler(sampleEvent('search-places'), lambdaContext());
    expect(search).toMatchObject({ statusCode: 200 });
    expect(JSON.parse((search as { body: string }).body)).toEqual({ results: [result] });
    expect(seen).toEqual(['search Bakkerij de Vries Utrecht nl']);
  });

  it('refuses an empty query, an overlong one and an unknown language before Google is called', async () => {
    seen.length = 0;
    const event = sampleEvent('search-places');
    const answer = async (body: unknown) => {
      const response = (await handler({ ...event, body: JSON.stringify(body) }, lambdaContext())) as { body: string };
      return JSON.parse(response.body) as { error: { code: string; message: string } };
    };
    expect((await answer({ query: '   ' })).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Please enter a business name to search.',
    });
    expect((await answer({ query: 'x'.repeat(201) })).error.code).toBe('VALIDATION_FAILED');
    expect((await answer({ query: 'abc', language: 'de' })).error.code).toBe('VALIDATION_FAILED');
    expect(seen).toEqual([]);
  });

  it('takes the key from the environment, else from the SSM parameter named there, else has none', async () => {
    const read: string[] = [];
    const reader = async (name: string) => (read.push(name), name === '/rr/places-key' ? 'from-ssm' : undefined);
    expect(await placesClientOf({}, reader)).toBeUndefined();
    expect(await placesClientOf({ GOOGLE_PLACES_API_KEY: 'k' }, reader)).toBeDefined();
    expect(await placesClientOf({ GOOGLE_PLACES_API_KEY_PARAMETER: '/rr/places-key' }, reader)).toBeDefined();
    expect(await placesClientOf({ GOOGLE_PLACES_API_KEY_PARAMETER: '/rr/empty' }, reader)).toBeUndefined();
    expect(read).toEqual(['/rr/places-key', '/rr/empty']);
  });

  it('reads the SSM parameter once per container and retries a failed read', async () => {
    let reads = 0;
    const env = lambdaEnvOf({
      AWS_REGION: 'eu-west-1',
      POWERTOOLS_LOG_LEVEL: 'CRITICAL',
      GOOGLE_PLACES_API_KEY_PARAMETER: '/rr/places-key',
    });
    const handler = createHandler(env, async () => {
      reads++;
      if (reads === 1) throw new Error('throttled');
      return undefined;
    });
    const first = (await handler(sampleEvent('search-places'), lambdaContext())) as { statusCode: number };
    expect(first.statusCode).toBe(502);
    for (let i = 0; i < 2; i++) {
      const again = (await handler(sampleEvent('search-places'), lambdaContext())) as { statusCode: number };
      expect(again.statusCode).toBe(503);
    }
    expect(reads).toBe(2);
  });

  it('answers PLACES_NOT_CONFIGURED (503) without a key', async () => {
    const unconfigured = createHandler(lambdaEnvOf({ AWS_REGION: 'eu-west-1', POWERTOOLS_LOG_LEVEL: 'ERROR' }));
    const response = (await unconfigured(sampleEvent('search-places'), lambdaContext())) as {
      statusCode: number;
      body: string;
    };
    expect(response.statusCode).toBe(503);
    expect(JSON.parse(response.body)).toEqual({
      error: { code: 'PLACES_NOT_CONFIGURED', message: 'Business search is not configured.' },
    });
  });
});

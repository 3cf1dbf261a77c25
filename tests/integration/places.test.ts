import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  errorBodySchema,
  googleReviewUrlOf,
  originVerifyHeader,
  pathOf,
  placeSearchResponseSchema,
} from '@reviewroute/shared';
import { createHandler } from '@reviewroute/functions/domains/places/handler';
import { lambdaContext, sampleEvent } from '@reviewroute/functions/testing/events';
import type { ApiEvent } from '@reviewroute/functions/lib/http';
import { callApi, type ApiUser } from '../support/api';
import { createSignedInUser } from '../support/cognito';
import { quotaExhaustedQuery } from '../support/places-server';

const stack = inject('localStack');

/** A direct handler call carries the origin secret, as a request through CloudFront (or the local gateway) does. */
const throughCloudFront = (event: ApiEvent): ApiEvent => ({
  ...event,
  headers: { ...event.headers, [originVerifyHeader]: stack.env.ORIGIN_VERIFY_SECRET ?? '' },
});
const search = (user: ApiUser | undefined, body: unknown) =>
  callApi('POST', pathOf('search-places'), { ...(user ? { user } : {}), body });
const errorCode = (body: unknown) => errorBodySchema.parse(body).error.code;

/** The run's stack talks to the loopback Places server with the key the global set-up gave it. */
const apiKey = () => {
  const key = stack.env.GOOGLE_PLACES_API_KEY;
  if (!key) throw new Error('The test stack sets no GOOGLE_PLACES_API_KEY');
  return key;
};

describe('place search (owner API, decisions 12)', () => {
  let owner: ApiUser;
  beforeAll(async () => {
    owner = await createSignedInUser(stack);
  });

  it('finds places in the owner language, with review links, and never returns the key', async () => {
    const answer = await search(owner, { query: 'Bakkerij de Vries', language: 'nl' });
    expect(answer.status).toBe(200);
    const { results } = placeSearchResponseSchema.parse(answer.body);
    expect(results.map((r) => r.name)).toEqual(['Bakkerij de Vries', 'Bakkerij de Vries Amsterdam']);
    expect(results[0]).toMatchObject({
      formatted_address: 'Oudegracht 112, 3511 AW Utrecht, Nederland',
      rating: 4.7,
      user_ratings_total: 212,
      primary_type_label: 'Bakkerij',
      google_review_url: googleReviewUrlOf('ChIJloopBakkerijDeVriesUtr'),
    });
    expect(JSON.stringify(answer.body)).not.toContain(apiKey());

    const english = placeSearchResponseSchema.parse((await search(owner, { query: 'jansen', language: 'en' })).body);
    expect(english.results).toEqual([
      expect.objectContaining({ name: 'Fietsenmaker Jansen', rating: null, primary_type_label: 'Bicycle store' }),
    ]);
  });

  it('answers no results for a miss', async () => {
    const miss = await search(owner, { query: 'Nonexistent Widget Emporium' });
    expect(miss.status).toBe(200);
    expect(miss.body).toEqual({ results: [] });
  });

  it('refuses signed-out callers and empty searches', async () => {
    expect((await search(undefined, { query: 'Bakkerij' })).status).toBe(401);
    const empty = await search(owner, { query: '  ' });
    expect(empty.status).toBe(400);
    expect(errorBodySchema.parse(empty.body).error.message).toBe('Please enter a business name to search.');
  });

  it("maps Google's quota refusal to our contract without Google's words", async () => {
    const answer = await search(owner, { query: quotaExhaustedQuery });
    expect(answer.status).toBe(502);
    expect(errorCode(answer.body)).toBe('PLACES_UNAVAILABLE');
    expect(JSON.stringify(answer.body)).not.toMatch(/quota|RESOURCE_EXHAUSTED/i);
  });

  it('maps a key Google refuses to PLACES_UNAVAILABLE, leaking neither key nor message', async () => {
    const handler = createHandler({ ...stack.env, GOOGLE_PLACES_API_KEY: 'a-wrong-key' });
    const response = (await handler(throughCloudFront(sampleEvent('search-places')), lambdaContext())) as {
      statusCode: number;
      body: string;
    };
    expect(response.statusCode).toBe(502);
    expect(errorCode(JSON.parse(response.body))).toBe('PLACES_UNAVAILABLE');
    expect(response.body).not.toMatch(/a-wrong-key|API key not valid/);
  });

  it('says search is not configured when the environment has no key', async () => {
    // The same handler module the stack runs, made for an environment without the key (as `npm start` without one).
    const { GOOGLE_PLACES_API_KEY: _key, ...withoutKey } = stack.env;
    const handler = createHandler(withoutKey);
    const response = (await handler(throughCloudFront(sampleEvent('search-places')), lambdaContext())) as {
      statusCode: number;
      body: string;
    };
    expect(response.statusCode).toBe(503);
    expect(errorCode(JSON.parse(response.body))).toBe('PLACES_NOT_CONFIGURED');
  });
});

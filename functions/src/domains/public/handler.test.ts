import { describe, expect, it } from 'vitest';
import {
  errorBodySchema,
  publicSurveyCacheControl,
  publicSurveySchema,
  routesOfDomain,
  submitResponseResultSchema,
} from '@reviewroute/shared';
import { lambdaContext, sampleEvent } from '../../testing/events';
import type { ApiEvent } from '../../lib/http';
import { clientOf, createPublicHandler, submitRateLimit } from './handler';
import { memoryPublicSurveyService, sampleResponseId, sampleSurveyId } from './testing';

function setup() {
  const ctx = memoryPublicSurveyService({ firstResponseId: sampleResponseId });
  const handler = createPublicHandler(() => ctx.service);
  const call = async (event: ApiEvent) => {
    const response = await handler(event, lambdaContext());
    return {
      status: response.statusCode!,
      headers: response.headers ?? {},
      body: response.body ? (JSON.parse(response.body) as unknown) : undefined,
    };
  };
  return { ...ctx, call };
}

describe('public handler', () => {
  it('has a sample event for every route of the domain, none carrying auth', () => {
    for (const route of routesOfDomain('public')) {
      const event = sampleEvent(route.id);
      expect(event.routeKey).toBe(`${route.method} ${route.path}`);
      expect(event.headers.authorization).toBeUndefined();
    }
  });

  it('serves the public survey with cache headers, and a short-cached 404', async () => {
    const { call } = setup();
    const ok = await call(sampleEvent('get-public-survey'));
    expect(ok.status).toBe(200);
    expect(ok.headers['cache-control']).toBe(publicSurveyCacheControl);
    expect(publicSurveySchema.parse(ok.body).surveyCode).toBe('k7m2p9qx');
    const event = sampleEvent('get-public-survey');
    event.pathParameters = { surveyCode: 'zzzzzzzz' };
    const missing = await call(event);
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('public, max-age=10, s-maxage=10');
    expect(errorBodySchema.parse(missing.body).error).toEqual({
      code: 'NOT_FOUND',
      message: "The survey you're looking for doesn't exist or is no longer active.",
    });
  });

  it('submits (201, not cached) and records the review click (204) through the sample events', async () => {
    const { call, responses } = setup();
    const submitted = await call(sampleEvent('submit-response'));
    expect(submitted.status).toBe(201);
    expect(submitted.headers['cache-control']).toBe('no-store');
    const { responseId, clickToken } = submitResponseResultSchema.parse(submitted.body);
    expect(responseId).toBe(sampleResponseId);
    const [stored] = await responses.listResponses(sampleSurveyId, 1);
    expect(stored).toMatchObject({ rating: 2, userAgent: expect.stringContaining('iPhone'), customerName: null });

    const click = () => {
      const event = sampleEvent('record-review-click');
      event.body = JSON.stringify({ token: clickToken });
      return event;
    };
    expect((await call(click())).status).toBe(204);
    expect((await call(click())).status).toBe(204);
    expect((await responses.getTally(sampleSurveyId))!.reviewClicks).toBe(1);
    // The sample's own token is not this response's token.
    expect((await call(sampleEvent('record-review-click'))).status).toBe(404);
  });

  it('answers 400 VALIDATION_FAILED with the spec message, and 429 past the limit', async () => {
    const { call, setLimit } = setup();
    const event = sampleEvent('submit-response');
    event.body = JSON.stringify({ ...JSON.parse(event.body!), rating: 0 });
    const bad = await call(event);
    expect(bad.status).toBe(400);
    expect(errorBodySchema.parse(bad.body).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Please select a rating',
    });
    setLimit(1);
    expect((await call(sampleEvent('submit-response'))).status).toBe(201);
    const again = sampleEvent('submit-response');
    again.body = JSON.stringify({ ...JSON.parse(again.body!), idempotencyKey: crypto.randomUUID() });
    const limited = await call(again);
    expect(limited.status).toBe(429);
    expect(errorBodySchema.parse(limited.body).error.code).toBe('RATE_LIMITED');
  });

  it('takes the viewer address from CloudFront when present, else the gateway source IP', () => {
    const event = sampleEvent('submit-response');
    const request = (headers: Record<string, string>) => ({
      body: undefined,
      pathParameters: {},
      query: {},
      headers,
      event,
    });
    expect(clientOf(request({ 'user-agent': 'UA' }))).toEqual({ sourceIp: '203.0.113.7', userAgent: 'UA' });
    expect(clientOf(request({ 'cloudfront-viewer-address': '198.51.100.9:46532' })).sourceIp).toBe('198.51.100.9');
    expect(clientOf(request({ 'cloudfront-viewer-address': '2001:db8::1:443' })).sourceIp).toBe('2001:db8::1');
  });

  it('reads PUBLIC_SUBMIT_RATE_LIMIT, falling back to 10', () => {
    expect(submitRateLimit({ PUBLIC_SUBMIT_RATE_LIMIT: '250' })).toBe(250);
    expect(submitRateLimit({ PUBLIC_SUBMIT_RATE_LIMIT: 'lots' })).toBe(10);
    expect(submitRateLimit({})).toBe(10);
  });

  // Hostile input on every public route (this domain's among them): testing/public-fuzz.test.ts.
});

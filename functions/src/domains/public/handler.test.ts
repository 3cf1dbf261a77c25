import { describe, expect, it } from 'vitest';
import {
  errorBodySchema,
  publicSurveyCacheControl,
  publicSurveySchema,
  routesOfDomain,
  startResponseResultSchema,
  submitResponseResultSchema,
  surveyWidgetSchema,
} from '@reviewroute/shared';
import { lambdaContext, sampleEvent } from '../../../testing/events';
import type { ApiEvent } from '../../lib/http';
import { responseIdOf } from '../../data/response-store';
import { createPublicHandler, minFillMs, submitRateLimit, surveyRateLimit } from './handler';
import { sampleResponseId, sampleSurveyId } from '../../../testing/sample-survey';
import { memoryPublicSurveyService, newestResponse } from '../../../testing/domains/public';

function setup() {
  const ctx = memoryPublicSurveyService();
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

  it('serves the reviews widget to any origin: every rating’s average, the widget item, the disclosure path', async () => {
    const { call, stats, websiteReviews } = setup();
    stats.tallies.set(sampleSurveyId, {
      surveyId: sampleSurveyId,
      count: 3,
      sum: 10,
      histogram: [1, 0, 0, 1, 1],
      reviewClicks: 0,
    });
    const comment = {
      id: sampleResponseId,
      rating: 1,
      comment: 'Lang moeten wachten.',
      shownAs: 'B.d.B.',
      createdAt: '2026-11-21T09:00:00.000Z',
      invitation: 'public-link' as const,
    };
    websiteReviews.items.set(sampleSurveyId, {
      comments: [comment],
      hidden: { 'personal-data': 1, offensive: 0, 'not-about-business': 0 },
    });
    const ok = await call(sampleEvent('get-survey-widget'));
    expect(ok.status).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe('*');
    expect(ok.headers['cache-control']).toBe(publicSurveyCacheControl);
    const widget = surveyWidgetSchema.parse(ok.body);
    expect(widget).toMatchObject({ count: 3, average: 3.3, comments: [comment], language: 'en' });
    expect(widget.hidden['personal-data']).toBe(1);
    expect(widget.disclosurePath).toMatch(/^\/surveys\/k7m2p9qx\/[^/]+\/about-reviews$/);

    const event = sampleEvent('get-survey-widget');
    event.pathParameters = { surveyCode: 'zzzzzzzz' };
    const missing = await call(event);
    expect([missing.status, missing.headers['access-control-allow-origin']]).toEqual([404, '*']);
    expect(missing.headers['cache-control']).toBe('public, max-age=10, s-maxage=10');
  });

  it('submits (201, not cached) and records the review click (204) through the sample events', async () => {
    const { call, responses, stats, catchUpStats } = setup();
    const submitted = await call(sampleEvent('submit-response'));
    expect(submitted.status).toBe(201);
    expect(submitted.headers['cache-control']).toBe('no-store');
    const { responseId, clickToken } = submitResponseResultSchema.parse(submitted.body);
    const { idempotencyKey } = JSON.parse(sampleEvent('submit-response').body!) as { idempotencyKey: string };
    expect(responseId).toBe(responseIdOf(sampleSurveyId, idempotencyKey));
    const stored = newestResponse(responses);
    expect(stored).toMatchObject({ rating: 2, userAgent: expect.stringContaining('iPhone'), customerName: null });

    const click = () => {
      const event = sampleEvent('record-review-click');
      event.pathParameters = { ...event.pathParameters, responseId };
      event.body = JSON.stringify({ token: clickToken });
      return event;
    };
    expect((await call(click())).status).toBe(204);
    expect((await call(click())).status).toBe(204);
    await catchUpStats();
    expect((await stats.getTally(sampleSurveyId))!.reviewClicks).toBe(1);
    // The sample's own response and token are not there.
    expect((await call(sampleEvent('record-review-click'))).status).toBe(404);
    expect(sampleResponseId).not.toBe(responseId);
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

  it('refuses a request without the origin secret (403) before any work, when a check is configured', async () => {
    const ctx = memoryPublicSurveyService();
    const handler = createPublicHandler(() => ctx.service, { originCheck: async (v) => v === 'cloudfront-secret' });
    const submit = async (headers: Record<string, string>) => {
      const event = sampleEvent('submit-response');
      event.headers = { ...event.headers, ...headers };
      event.body = JSON.stringify({ ...JSON.parse(event.body!), idempotencyKey: crypto.randomUUID() });
      const response = await handler(event, lambdaContext());
      return response.statusCode;
    };
    const forbidden = await handler(sampleEvent('get-public-survey'), lambdaContext());
    expect(forbidden.statusCode).toBe(403);
    expect(errorBodySchema.parse(JSON.parse(forbidden.body!)).error.code).toBe('FORBIDDEN');
    expect(await submit({ 'x-origin-verify': 'guess', 'cloudfront-viewer-address': '198.51.100.1:1' })).toBe(403);
    expect(ctx.responses.responses.size).toBe(0);

    // Through CloudFront the viewer address is the client: two viewers behind one edge are two clients.
    ctx.setLimit(1);
    const via = (viewer: string) => ({ 'x-origin-verify': 'cloudfront-secret', 'cloudfront-viewer-address': viewer });
    expect(await submit(via('198.51.100.1:1111'))).toBe(201);
    expect(await submit(via('198.51.100.1:2222'))).toBe(429);
    expect(await submit(via('198.51.100.2:1111'))).toBe(201);
  });

  it('ignores a forwarded viewer address that no origin secret vouches for', async () => {
    const { call, setLimit } = setup();
    setLimit(1);
    const submit = (viewer: string) => {
      const event = sampleEvent('submit-response');
      event.headers = { ...event.headers, 'cloudfront-viewer-address': viewer, 'x-forwarded-for': viewer };
      event.body = JSON.stringify({ ...JSON.parse(event.body!), idempotencyKey: crypto.randomUUID() });
      return call(event);
    };
    expect((await submit('198.51.100.1:1')).status).toBe(201);
    // A new forged address each time is still the gateway's one source IP.
    expect((await submit('198.51.100.2:1')).status).toBe(429);
  });

  it('hands out a start token (201, not cached) through the sample event', async () => {
    const { call } = setup();
    const started = await call(sampleEvent('start-response'));
    expect(started.status).toBe(201);
    expect(started.headers['cache-control']).toBe('no-store');
    expect(startResponseResultSchema.parse(started.body).startToken).toMatch(/^\d{13}\./);
  });

  it('reads the limits and the least fill time from the environment', () => {
    expect(surveyRateLimit({ PUBLIC_SUBMIT_SURVEY_RATE_LIMIT: '5' })).toBe(5);
    expect(surveyRateLimit({})).toBe(1200);
    expect(minFillMs({ PUBLIC_SUBMIT_MIN_FILL_MS: '0' })).toBe(0);
    expect(minFillMs({ PUBLIC_SUBMIT_MIN_FILL_MS: 'x' })).toBe(1500);
  });

  it('reads PUBLIC_SUBMIT_RATE_LIMIT, falling back to 10', () => {
    expect(submitRateLimit({ PUBLIC_SUBMIT_RATE_LIMIT: '250' })).toBe(250);
    expect(submitRateLimit({ PUBLIC_SUBMIT_RATE_LIMIT: 'lots' })).toBe(10);
    expect(submitRateLimit({})).toBe(10);
  });

  // Hostile input on every public route (this domain's among them): testing/public-fuzz.test.ts.
});

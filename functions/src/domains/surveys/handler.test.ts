import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  errorBodySchema,
  routesOfDomain,
  surveyListResponseSchema,
  surveySchema,
  uploadTicketSchema,
} from '@reviewroute/shared';
import { createMemoryStores } from '../../../testing/data/memory';
import { lambdaContext, sampleEvent } from '../../../testing/events';
import type { ApiEvent } from '../../lib/http';
import { createDashboardService } from './dashboard-service';
import { createAlertLinkService } from './alert-link';
import { createSurveysHandler } from './handler';
import { createInboxService } from './inbox-service';
import { createSurveyService } from './service';

const sampleOwner = '8f1c2b4e-0000-4000-8000-000000000001';
const sampleSurveyId = '0195a3c4-7b00-7000-8000-000000000001';
const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/** The real handler and service on in-memory storage, with the sample events' survey already there. */
async function setup() {
  const stores = createMemoryStores();
  const { surveys, assets } = stores;
  const ids = [sampleSurveyId];
  let n = 100;
  const service = createSurveyService({
    ...stores,
    siteOrigin: () => 'https://app.example.com',
    newId: () => ids.shift() ?? `0195a3c4-7b00-7000-8000-${String(++n).padStart(12, '0')}`,
  });
  const handler = createSurveysHandler(
    () => service,
    () => createDashboardService(stores),
    () => createAlertLinkService({ surveys: stores.surveys, key: async () => 'mail-link-key' }),
    undefined,
    () => createInboxService(stores),
  );
  const call = async (event: ApiEvent) => {
    const response = await handler(event, lambdaContext());
    return { status: response.statusCode!, body: response.body ? (JSON.parse(response.body) as unknown) : undefined };
  };
  await call(sampleEvent('create-survey'));
  return { surveys, assets, call };
}

const asOther = (event: ApiEvent): ApiEvent => {
  event.requestContext.authorizer.jwt.claims = { ...event.requestContext.authorizer.jwt.claims, sub: 'someone-else' };
  return event;
};

describe('surveys handler', () => {
  let ctx: Awaited<ReturnType<typeof setup>>;
  beforeEach(async () => {
    ctx = await setup();
  });

  it('has a sample event for every route of the domain', () => {
    for (const route of routesOfDomain('surveys')) {
      const event = sampleEvent(route.id);
      expect(event.routeKey).toBe(`${route.method} ${route.path}`);
    }
  });

  it('creates a draft (201) from the sample step-1 body', async () => {
    const { status, body } = await ctx.call(sampleEvent('create-survey'));
    expect(status).toBe(201);
    expect(surveySchema.parse(body)).toMatchObject({
      userId: sampleOwner,
      status: 'draft',
      googleBusinessUrl: 'https://search.google.com/local/writereview?placeid=ChIJN1t_tDeuEmsRUsoyG83frY4',
    });
  });

  it('lists, gets, updates, publishes and deletes through the sample events', async () => {
    const list = await ctx.call(sampleEvent('list-surveys'));
    expect(list.status).toBe(200);
    expect(surveyListResponseSchema.parse(list.body).surveys.map((s) => s.id)).toEqual([sampleSurveyId]);

    const got = await ctx.call(sampleEvent('get-survey'));
    expect(got.status).toBe(200);
    expect(surveySchema.parse(got.body).id).toBe(sampleSurveyId);

    const updated = await ctx.call(sampleEvent('update-survey'));
    expect(updated.status).toBe(200);
    expect(surveySchema.parse(updated.body)).toMatchObject({
      customPrompt: 'How was your pizza today?',
      customColors: { primaryColor: '#c2410c', backgroundColor: '#fff7ed' },
    });

    const published = await ctx.call(sampleEvent('publish-survey'));
    expect(published.status).toBe(200);
    const survey = surveySchema.parse(published.body);
    expect(survey).toMatchObject({ status: 'active', isActive: true, businessSlug: 'joes-pizza' });
    expect(survey.landingPageUrl).toBe(`https://app.example.com/surveys/${survey.surveyCode}/joes-pizza`);

    const deleted = await ctx.call(sampleEvent('delete-survey'));
    expect(deleted).toEqual({ status: 204, body: undefined });
    expect((await ctx.call(sampleEvent('get-survey'))).status).toBe(404);
  });

  it('signs an upload and confirms it', async () => {
    const ticket = await ctx.call(sampleEvent('create-upload'));
    expect(ticket.status).toBe(201);
    const { key } = uploadTicketSchema.parse(ticket.body);
    expect(key).toMatch(new RegExp(`^incoming/${sampleSurveyId}/logo/[\\w-]+$`));
    ctx.assets.objects.set(key, png);
    const event = sampleEvent('confirm-upload');
    event.body = JSON.stringify({ kind: 'logo', key });
    const confirmed = await ctx.call(event);
    expect(confirmed.status).toBe(200);
    expect(surveySchema.parse(confirmed.body).businessLogoUrl).toMatch(
      /^https:\/\/assets\.example\.com\/files\/[\w-]{43}\.png$/,
    );
  });

  it('answers a bad body with 400 and the spec message in the contract', async () => {
    const event = sampleEvent('create-survey');
    event.body = JSON.stringify({
      businessName: ' ',
      businessOwnerName: 'Joe',
      supportEmail: 'x',
      googleBusinessUrl: '',
    });
    const { status, body } = await ctx.call(event);
    expect(status).toBe(400);
    expect(errorBodySchema.parse(body)).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Business name is required',
        fields: {
          businessName: 'Business name is required',
          supportEmail: 'Valid email is required',
          googleBusinessUrl: 'Google Business URL is required',
        },
      },
    });
  });

  it('answers every survey route of another owner with 404 and changes nothing', async () => {
    const before = structuredClone([...ctx.surveys.surveys.entries()]);
    for (const route of routesOfDomain('surveys')) {
      if (!route.path.includes('{surveyId}')) continue;
      const { status, body } = await ctx.call(asOther(sampleEvent(route.id)));
      expect(status, route.id).toBe(404);
      expect(errorBodySchema.parse(body).error.code).toBe('NOT_FOUND');
    }
    expect([...ctx.surveys.surveys.entries()]).toEqual(before);
    expect(ctx.assets.presigned).toEqual([]);
    // And the other owner's list does not show it.
    expect((await ctx.call(asOther(sampleEvent('list-surveys')))).body).toEqual({ surveys: [] });
  });

  it('answers 401 on every owner route when no claims reached it', async () => {
    for (const route of routesOfDomain('surveys').filter((r) => r.auth === 'owner')) {
      const event = sampleEvent(route.id);
      delete (event.requestContext as { authorizer?: unknown }).authorizer;
      const { status, body } = await ctx.call(event);
      expect(status, route.id).toBe(401);
      expect(body).toEqual({ error: { code: 'UNAUTHORIZED', message: 'User not authenticated' } });
    }
  });

  it('never answers 5xx to arbitrary bodies and path ids on any route', async () => {
    const body = fc.oneof(
      fc.json(),
      fc.string(),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc
        .record(
          {
            businessName: fc.oneof(fc.string(), fc.jsonValue()),
            supportEmail: fc.oneof(fc.string(), fc.jsonValue()),
            googleBusinessUrl: fc.oneof(fc.string(), fc.constant('search.google.com/local/writereview')),
            customColors: fc.jsonValue(),
            kind: fc.constantFrom('logo', 'team-photo', 'x'),
            contentType: fc.constantFrom('image/png', 'text/plain'),
            size: fc.oneof(fc.integer(), fc.double()),
            key: fc.string(),
            lowRatingEnabled: fc.jsonValue(),
          },
          { requiredKeys: [] },
        )
        .map((v) => JSON.stringify(v)),
    );
    const surveyId = fc.oneof(fc.constant(sampleSurveyId), fc.string({ minLength: 1, maxLength: 300 }));
    for (const route of routesOfDomain('surveys')) {
      await fc.assert(
        fc.asyncProperty(body, surveyId, async (raw, id) => {
          const event = sampleEvent(route.id);
          event.headers = { ...event.headers, 'content-type': 'application/json' };
          event.body = raw;
          if (event.pathParameters) event.pathParameters = { surveyId: id };
          const { status } = await ctx.call(event);
          expect(status, `${route.id} ${raw}`).toBeLessThan(500);
        }),
        { numRuns: 60 },
      );
    }
  });
});

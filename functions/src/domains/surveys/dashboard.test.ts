import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  errorBodySchema,
  isoWeekOf,
  onboardingSchema,
  surveyInsightsSchema,
  surveyStatsSchema,
  type Survey,
} from '@reviewroute/shared';
import { emptySurveyStats, sampleResponse } from '@reviewroute/shared/testing';
import { createMemoryStores, type MemoryResponseStore } from '../../../testing/data/memory';
import type { SurveyResponseRecord } from '../../data/response-store';
import { lambdaContext, sampleEvent } from '../../../testing/events';
import type { ApiEvent } from '../../lib/http';
import { publishedSurvey, sampleOwner, sampleSurveyId, seed } from '../../../testing/sample-survey';
import { createDashboardService } from './dashboard-service';
import { createAlertLinkService } from './alert-link';
import { createSurveysHandler } from './handler';
import { createSurveyService } from './service';

let clock = Date.parse('2026-11-21T09:00:00.000Z');

/** A response as the public submit stores it, one second after the previous one. */
function response(overrides: Partial<SurveyResponseRecord> = {}): SurveyResponseRecord {
  clock += 1000;
  const n = String(clock).padStart(12, '0');
  return sampleResponse({
    id: `0195a3c4-7b00-7000-8000-${n.slice(-12)}`,
    surveyId: sampleSurveyId,
    createdAt: new Date(clock).toISOString(),
    ...overrides,
  });
}

/** Stores responses as submits and clicks would, for the stats worker to count (memory fakes). */
function store(responses: MemoryResponseStore, records: SurveyResponseRecord[]) {
  for (const r of records) {
    const list = responses.responses.get(r.surveyId) ?? [];
    list.push(r);
    responses.responses.set(r.surveyId, list);
    responses.stream.push({
      kind: 'response',
      surveyId: r.surveyId,
      responseId: r.id,
      rating: r.rating,
      week: isoWeekOf(r.createdAt),
    });
    if (r.googleReviewClicked) responses.stream.push({ kind: 'click', surveyId: r.surveyId, responseId: r.id });
  }
}

/** The insights' clock: Thursday of ISO week 2026-W48. */
const today = new Date('2026-11-26T14:00:00.000Z');

function setup(survey: Partial<Survey> = {}) {
  const stores = createMemoryStores();
  const { surveys, responses, stats, profiles, catchUpStats } = stores;
  seed(surveys, publishedSurvey(survey));
  // Every read finds the stats worker caught up with the stream (the integration tests wait for it instead).
  const caughtUp = {
    getTally: async (id: string) => (await catchUpStats(), stats.getTally(id)),
    getWeeks: async (id: string, from: string, to: string) => (await catchUpStats(), stats.getWeeks(id, from, to)),
  };
  const dashboard = createDashboardService({ surveys, responses, stats: caughtUp, profiles, now: () => today });
  const handler = createSurveysHandler(
    () =>
      createSurveyService({
        ...stores,
        siteOrigin: () => 'https://app.example.com',
      }),
    () => dashboard,
    () => createAlertLinkService({ surveys, key: async () => 'mail-link-key' }),
  );
  const call = async (event: ApiEvent) => {
    const res = await handler(event, lambdaContext());
    return { status: res.statusCode!, body: res.body ? (JSON.parse(res.body) as unknown) : undefined };
  };
  return { ...stores, dashboard, call };
}

const asOther = (event: ApiEvent): ApiEvent => {
  event.requestContext.authorizer.jwt.claims = { ...event.requestContext.authorizer.jwt.claims, sub: 'someone-else' };
  return event;
};

describe('survey stats', () => {
  it('answers the sample event with zeros for a survey without responses', async () => {
    const { call } = setup();
    const { status, body } = await call(sampleEvent('get-survey-stats'));
    expect(status).toBe(200);
    expect(surveyStatsSchema.strict().parse(body)).toEqual(emptySurveyStats(sampleSurveyId));
  });

  it('reads a draft without a tally as zeros', async () => {
    const { stats, dashboard } = setup({ surveyCode: null, status: 'draft', isActive: false });
    expect(stats.tallies.has(sampleSurveyId)).toBe(false);
    expect(await dashboard.stats(sampleOwner, sampleSurveyId)).toMatchObject({ reviewCount: 0, averageRating: 0 });
  });

  it('counts 5, 5, 4, 2 and one empty comment: count, average, five stars, comments newest first', async () => {
    const { responses, call } = setup({ collectContactOnLowRating: true });
    const [a, b, c, d, e] = [
      response({ rating: 5, comment: 'Great bread' }),
      response({ rating: 5, comment: 'Lovely staff' }),
      response({ rating: 4, comment: '' }),
      response({ rating: 2, comment: 'Too cold', customerName: 'Ann', customerEmail: 'ann@example.com' }),
      response({ rating: 4, comment: null, googleReviewClicked: true }),
    ];
    store(responses, [a!, b!, c!, d!, e!]);
    const { status, body } = await call(sampleEvent('get-survey-stats'));
    expect(status).toBe(200);
    const stats = surveyStatsSchema.parse(body);
    expect(stats).toMatchObject({
      reviewCount: 5,
      averageRating: 4,
      fiveStarCount: 2,
      reviewClicks: 1,
      histogram: [0, 1, 0, 2, 2],
    });
    expect(stats.recentFeedback).toEqual([
      {
        id: d!.id,
        rating: 2,
        comment: 'Too cold',
        createdAt: d!.createdAt,
        customerName: 'Ann',
        customerEmail: 'ann@example.com',
      },
      {
        id: b!.id,
        rating: 5,
        comment: 'Lovely staff',
        createdAt: b!.createdAt,
        customerName: null,
        customerEmail: null,
      },
      {
        id: a!.id,
        rating: 5,
        comment: 'Great bread',
        createdAt: a!.createdAt,
        customerName: null,
        customerEmail: null,
      },
    ]);
  });

  it('rounds the average to one decimal', async () => {
    const { responses, dashboard } = setup();
    store(responses, [response({ rating: 5 }), response({ rating: 4 }), response({ rating: 4 })]);
    expect((await dashboard.stats(sampleOwner, sampleSurveyId)).averageRating).toBe(4.3);
  });

  it('lists only the 10 newest non-empty comments; the 11th newest is not listed', async () => {
    const { responses, dashboard } = setup();
    const commented = Array.from({ length: 11 }, (_, i) => response({ rating: (i % 5) + 1, comment: `c${i}` }));
    store(responses, [...commented, response({ comment: '   ' }), response({ comment: null })]);
    const { recentFeedback, reviewCount } = await dashboard.stats(sampleOwner, sampleSurveyId);
    expect(reviewCount).toBe(13);
    expect(recentFeedback.map((f) => f.comment)).toEqual(
      commented
        .slice(1)
        .reverse()
        .map((r) => r.comment),
    );
    expect(recentFeedback.map((f) => f.comment)).not.toContain('c0');
  });

  it('never shows contact details on a rating that is not low', async () => {
    const { responses, dashboard } = setup();
    store(responses, [response({ rating: 4, comment: 'ok', customerName: 'Bob', customerEmail: 'bob@example.com' })]);
    const [item] = (await dashboard.stats(sampleOwner, sampleSurveyId)).recentFeedback;
    expect(item).toMatchObject({ customerName: null, customerEmail: null });
  });

  it('follows the public submit and review click of the real response service', async () => {
    const { dashboard, responses } = setup();
    const record = response({ rating: 5, comment: 'Yum' });
    await responses.submit({ response: record, clickTokenHash: 'h' });
    await responses.recordReviewClick(sampleSurveyId, record.id, 'h');
    expect(await dashboard.stats(sampleOwner, sampleSurveyId)).toMatchObject({
      reviewCount: 1,
      averageRating: 5,
      fiveStarCount: 1,
      reviewClicks: 1,
      recentFeedback: [{ id: record.id, comment: 'Yum' }],
    });
  });
});

describe('onboarding', () => {
  it('advances through the four steps', async () => {
    const { surveys, responses, profiles, call } = setup({ surveyCode: null, status: 'draft', isActive: false });
    const steps = async () => onboardingSchema.strict().parse((await call(sampleEvent('get-onboarding'))).body);
    expect(await steps()).toEqual({
      hasActiveSurvey: false,
      urlCopied: false,
      hasResponse: false,
      hasReviewClick: false,
    });

    seed(surveys, publishedSurvey());
    expect(await steps()).toMatchObject({ hasActiveSurvey: true, urlCopied: false });

    await profiles.update(sampleOwner, { surveyUrlCopied: true }, '2026-11-21T09:00:00.000Z');
    expect(await steps()).toMatchObject({ urlCopied: true, hasResponse: false });

    store(responses, [response({ rating: 5 })]);
    expect(await steps()).toMatchObject({ hasResponse: true, hasReviewClick: false });

    store(responses, [response({ rating: 5, googleReviewClicked: true })]);
    expect(await steps()).toEqual({ hasActiveSurvey: true, urlCopied: true, hasResponse: true, hasReviewClick: true });
  });

  it('counts an active survey of the owner even when the selected one is a draft', async () => {
    const { surveys, dashboard } = setup();
    const draftId = '0195a3c4-7b00-7000-8000-0000000000d1';
    seed(surveys, publishedSurvey({ id: draftId, surveyCode: null, status: 'draft', isActive: false }));
    expect(await dashboard.onboarding(sampleOwner, draftId)).toMatchObject({
      hasActiveSurvey: true,
      hasResponse: false,
    });
  });
});

describe('survey insights', () => {
  it('answers a survey nobody answered with zeros, 12 empty weeks and no average or share', async () => {
    const { call } = setup();
    const { status, body } = await call(sampleEvent('get-survey-insights'));
    expect(status).toBe(200);
    const insights = surveyInsightsSchema.strict().parse(body);
    expect(insights).toMatchObject({
      reviewCount: 0,
      histogram: [0, 0, 0, 0, 0],
      fiveStarShare: null,
      reviewClickRate: null,
    });
    expect(insights.weeks.map((w) => w.week)).toEqual([
      '2026-W37',
      '2026-W38',
      '2026-W39',
      '2026-W40',
      '2026-W41',
      '2026-W42',
      '2026-W43',
      '2026-W44',
      '2026-W45',
      '2026-W46',
      '2026-W47',
      '2026-W48',
    ]);
    expect(insights.weeks.every((w) => w.count === 0 && w.averageRating === null)).toBe(true);
    expect(insights.weeks[11]).toEqual({ week: '2026-W48', weekStart: '2026-11-23', count: 0, averageRating: null });
  });

  it('counts each week by the UTC week of createdAt; older weeks stay in the distribution only', async () => {
    const { responses, call } = setup();
    const at = (iso: string, rating: number, clicked = false) =>
      response({ createdAt: iso, rating, googleReviewClicked: clicked });
    store(responses, [
      // Monday 00:00 UTC is the new week; Sunday 23:59 the old one.
      at('2026-11-23T00:00:00.000Z', 5, true),
      at('2026-11-26T10:00:00.000Z', 4),
      at('2026-11-22T23:59:59.999Z', 1),
      at('2026-11-16T08:00:00.000Z', 2),
      at('2026-11-16T09:00:00.000Z', 3),
      at('2026-11-17T09:00:00.000Z', 5, true),
      // Week 36, before the 12 weeks shown.
      at('2026-09-01T09:00:00.000Z', 5),
    ]);
    const insights = surveyInsightsSchema.parse((await call(sampleEvent('get-survey-insights'))).body);
    expect(insights).toMatchObject({
      reviewCount: 7,
      histogram: [1, 1, 1, 1, 3],
      fiveStarShare: 3 / 7,
      reviewClickRate: 2 / 7,
    });
    const byWeek = Object.fromEntries(insights.weeks.map((w) => [w.week, [w.count, w.averageRating]]));
    expect(byWeek['2026-W48']).toEqual([2, 4.5]);
    expect(byWeek['2026-W47']).toEqual([4, 2.8]);
    expect(byWeek['2026-W46']).toEqual([0, null]);
    expect(insights.weeks.reduce((n, w) => n + w.count, 0)).toBe(6);
  });
});

describe('dashboard routes', () => {
  it('answer another owner’s survey, and unknown ids, with 404 NOT_FOUND', async () => {
    const { responses, call } = setup();
    store(responses, [response({ rating: 5, comment: 'secret' })]);
    for (const id of ['get-survey-stats', 'get-onboarding', 'get-survey-insights']) {
      const other = await call(asOther(sampleEvent(id)));
      expect(other.status, id).toBe(404);
      expect(errorBodySchema.parse(other.body).error.code).toBe('NOT_FOUND');
      expect(JSON.stringify(other.body)).not.toContain('secret');
      const unknown = sampleEvent(id);
      unknown.pathParameters = { surveyId: '0195a3c4-7b00-7000-8000-00000000ffff' };
      expect((await call(unknown)).status, id).toBe(404);
    }
  });

  it('answer 401 without claims and never 5xx for arbitrary ids, bodies and claims', async () => {
    const { call, responses } = setup();
    store(responses, [response({ rating: 1, comment: 'x' })]);
    for (const id of ['get-survey-stats', 'get-onboarding', 'get-survey-insights']) {
      const event = sampleEvent(id);
      delete (event.requestContext as { authorizer?: unknown }).authorizer;
      expect((await call(event)).status).toBe(401);
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(fc.constant(sampleSurveyId), fc.string({ maxLength: 300 })),
          fc.oneof(fc.string(), fc.json()),
          fc.dictionary(fc.string({ maxLength: 10 }), fc.string()),
          async (surveyId, body, claims) => {
            const e = sampleEvent(id);
            e.pathParameters = { surveyId };
            e.headers = { ...e.headers, 'content-type': 'application/json' };
            e.body = body;
            e.requestContext.authorizer.jwt.claims = { ...claims, ...(claims.sub ? {} : { sub: sampleOwner }) };
            const { status } = await call(e);
            expect(status, `${id} ${surveyId}`).toBeLessThan(500);
          },
        ),
        { numRuns: 100 },
      );
    }
  });
});

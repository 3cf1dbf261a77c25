import { describe, expect, inject, it, vi } from 'vitest';
import { surveyInsightsSchema } from '@reviewroute/shared';
import { createDynamoSurveyStats } from '@reviewroute/functions/data/survey-stats';
import { callApi, createSampleSurvey, publishSurvey, stackEntities } from '../support/api';
import { createSignedInUser } from '../support/cognito';
import { seedResponsesAcrossWeeks } from '../support/insights';

const stack = inject('localStack');

describe('dashboard insights through the stack (stream worker, gateway)', () => {
  it('gives each of the last 12 weeks its count and average from responses dated across weeks', async () => {
    const owner = await createSignedInUser(stack);
    const survey = await publishSurvey(owner, (await createSampleSurvey(owner, 'Insights Inn')).id);
    const expected = await seedResponsesAcrossWeeks(survey.id);
    const insights = await vi.waitFor(
      async () => {
        const res = await callApi('GET', `/api/surveys/${survey.id}/insights`, { user: owner });
        expect(res.status).toBe(200);
        const body = surveyInsightsSchema.strict().parse(res.body);
        expect(body.reviewCount).toBe(expected.reviewCount);
        expect(body.reviewClickRate).toBeGreaterThan(0);
        return body;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(insights.histogram).toEqual(expected.histogram);
    expect(insights.fiveStarShare).toBeCloseTo(expected.histogram[4] / expected.reviewCount, 10);
    expect(insights.reviewClickRate).toBeCloseTo(1 / expected.reviewCount, 10);
    expect(insights.weeks.map(({ week, count, averageRating }) => ({ week, count, averageRating }))).toEqual(
      expected.weeks,
    );
    // The response 12 weeks back is in the distribution but not in the trend.
    expect(insights.weeks.reduce((n, w) => n + w.count, 0)).toBe(expected.reviewCount - 1);

    // Another owner learns nothing.
    const other = await createSignedInUser(stack);
    expect((await callApi('GET', `/api/surveys/${survey.id}/insights`, { user: other })).status).toBe(404);

    // The survey's delete takes its weeks along.
    expect((await callApi('DELETE', `/api/surveys/${survey.id}`, { user: owner })).status).toBe(204);
    const stats = createDynamoSurveyStats(stackEntities);
    expect(await stats.getWeeks(survey.id, '2000-W01', '2999-W01')).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it, vi } from 'vitest';
import { inboxPageSchema, isoWeekOf, surveyInsightsSchema } from '@reviewroute/shared';
import { sampleResponse } from '@reviewroute/shared/testing';
import { createDocumentClient } from '@reviewroute/functions/data/client';
import { createDynamoResponseStore, responseIdOf } from '@reviewroute/functions/data/response-store';
import { createDynamoSurveyStats } from '@reviewroute/functions/data/survey-stats';
import {
  backfillInbox,
  dynamoBackfillDeps,
  type BackfillCursor,
} from '@reviewroute/functions/domains/surveys/inbox-backfill';
import { callApi, createSampleSurvey, publishSurvey, stackEntities } from '../support/api';
import { createSignedInUser } from '../support/cognito';

const stack = inject('localStack');
const dayMs = 86_400_000;

describe('inbox backfill against the local stack', () => {
  it('puts responses stored before the inbox and the weeks into both, once, however often it runs', async () => {
    const owner = await createSignedInUser(stack);
    const survey = await publishSurvey(owner, (await createSampleSurvey(owner, 'Legacy Lunchroom')).id);
    const now = Date.now();
    const entities = stackEntities();
    const client = createDocumentClient(stack.env);

    // Legacy-shaped responses: counted into the tally (as before the weeks), no inbox keys, no week items.
    const legacy = [
      { rating: 1, daysAgo: 1, comment: 'Cold soup' },
      { rating: 5, daysAgo: 8 },
      { rating: 4, daysAgo: 8, comment: 'Nice' },
      { rating: 2, daysAgo: 15 },
    ].map(({ rating, daysAgo, comment }) => ({
      responseId: randomUUID(),
      rating,
      comment,
      createdAt: new Date(now - daysAgo * dayMs).toISOString(),
    }));
    for (const r of legacy) {
      const { Item } = entities.response
        .create({
          surveyId: survey.id,
          responseId: r.responseId,
          rating: r.rating,
          ...(r.comment ? { comment: r.comment } : {}),
          googleReviewClicked: false,
          createdAt: r.createdAt,
          counted: true,
        })
        .params<{ Item: Record<string, unknown> }>();
      const { gsi2pk: _pk, gsi2sk: _sk, ...withoutInbox } = Item;
      await client.send(new PutCommand({ TableName: stack.env.TABLE_NAME, Item: withoutInbox }));
    }
    const stars = [0, 0, 0, 0, 0];
    for (const r of legacy) stars[r.rating - 1]! += 1;
    await entities.surveyTally
      .update({ surveyId: survey.id })
      .add({
        count: legacy.length,
        sum: legacy.reduce((a, r) => a + r.rating, 0),
        stars1: stars[0],
        stars2: stars[1],
        stars4: stars[3],
        stars5: stars[4],
      })
      .go();

    // A response of today, submitted as now: indexed and counted (week included) by the stats worker.
    const fresh = sampleResponse({
      id: responseIdOf(survey.id, randomUUID()),
      surveyId: survey.id,
      rating: 3,
      createdAt: new Date(now).toISOString(),
    });
    await createDynamoResponseStore(stackEntities).submit({ response: fresh, clickTokenHash: 'h' });
    const stats = createDynamoSurveyStats(stackEntities);
    await vi.waitFor(async () => expect((await stats.getTally(survey.id))?.count).toBe(legacy.length + 1), {
      timeout: 10_000,
      interval: 100,
    });

    const inbox = async () =>
      inboxPageSchema.parse((await callApi('GET', `/api/surveys/${survey.id}/inbox`, { user: owner })).body);
    const insights = async () =>
      surveyInsightsSchema.parse((await callApi('GET', `/api/surveys/${survey.id}/insights`, { user: owner })).body);
    // Before: the inbox shows only the fresh response, the trend only its week.
    expect((await inbox()).items.map((i) => i.id)).toEqual([fresh.id]);
    expect((await insights()).weeks.reduce((n, w) => n + w.count, 0)).toBe(1);

    let cursor: BackfillCursor | undefined;
    const run = () =>
      backfillInbox(
        dynamoBackfillDeps(stack.env, {
          // Only this test's owner: other test files share the stack.
          ownerFilter: `sub = "${owner.userId}"`,
          log: () => {},
          cursor: {
            load: async () => cursor,
            save: async (c) => {
              cursor = c;
            },
          },
        }),
      );
    const first = await run();
    expect(first).toMatchObject({ owners: 1, surveys: 1, responses: 5, indexed: 4 });
    expect(cursor).toEqual({ done: true });

    const expectedIds = [fresh, ...legacy.map((r) => ({ id: r.responseId, createdAt: r.createdAt }))]
      // Newest first; two of the same moment by id, as the index's sort key (`AT#{createdAt}#{responseId}`) orders them.
      .sort((a, b) => (`${a.createdAt}#${a.id}` < `${b.createdAt}#${b.id}` ? 1 : -1))
      .map((r) => r.id);
    await vi.waitFor(async () => expect((await inbox()).items.map((i) => i.id)).toEqual(expectedIds), {
      timeout: 5_000,
      interval: 100,
    });
    // The feedback index kept the comments (the dashboard's latest feedback).
    const feedback = await createDynamoResponseStore(stackEntities).listFeedback(survey.id, 10);
    expect(feedback.map((f) => f.comment)).toEqual(['Cold soup', 'Nice']);
    // The low filter reads the backfilled low partitions.
    const low = inboxPageSchema.parse(
      (await callApi('GET', `/api/surveys/${survey.id}/inbox?rating=low`, { user: owner })).body,
    );
    expect(low.items.map((i) => i.rating)).toEqual([1, 2]);

    // Every response in its week, the fresh one once.
    const expectedWeeks = new Map<string, number>();
    for (const createdAt of [fresh.createdAt, ...legacy.map((r) => r.createdAt)])
      expectedWeeks.set(isoWeekOf(createdAt), (expectedWeeks.get(isoWeekOf(createdAt)) ?? 0) + 1);
    const trend = (await insights()).weeks.filter((w) => w.count > 0);
    expect(Object.fromEntries(trend.map((w) => [w.week, w.count]))).toEqual(Object.fromEntries(expectedWeeks));
    expect(trend.reduce((n, w) => n + w.count, 0)).toBe((await stats.getTally(survey.id))!.count);

    // Again (the cursor deleted): nothing to write, nothing counted twice.
    cursor = undefined;
    expect(await run()).toMatchObject({ indexed: 0, weeksWritten: 0 });
    expect((await insights()).weeks.reduce((n, w) => n + w.count, 0)).toBe(legacy.length + 1);
  });
});

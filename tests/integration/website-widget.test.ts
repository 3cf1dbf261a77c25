import { randomUUID } from 'node:crypto';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, inject, it } from 'vitest';
import { pathOf, surveyWidgetSchema, widgetCommentsShown, type Survey } from '@reviewroute/shared';
import { tableEntities } from '@reviewroute/functions/data/client';
import { createDynamoResponseStore } from '@reviewroute/functions/data/response-store';
import { createDynamoWebsiteReviews } from '@reviewroute/functions/data/website-reviews';
import { consentedComments, consumeStream } from '@reviewroute/functions/domains/surveys/website-reviews-worker';
import { apiCall, createSampleSurvey, ownerCall, publishSurvey, stackEntities, type ApiUser } from '../support/api';
import { createSignedInUser } from '../support/cognito';

/**
 * The reviews widget's item on the local stack (decisions 27): the website-reviews worker puts each consented
 * comment in from the table's stream, counts each hide once and fills a hidden comment's place, and the stream's
 * redeliveries (a comment again, after its hide; a hide again) change nothing; the widget read answers the tally's
 * average of every rating; a deleted survey's widget is gone.
 */

const stack = inject('localStack');
const api = stack.urls.api;

const widgetOf = async (survey: Survey) => {
  const answer = await apiCall(api, 'GET', pathOf('get-survey-widget', { surveyCode: survey.surveyCode! }));
  return { status: answer.status, cors: answer.headers.get('access-control-allow-origin'), body: answer.body };
};
const readWidget = async (survey: Survey) => surveyWidgetSchema.parse((await widgetOf(survey)).body);

/** A stream record of the response: its creation, or the owner's hide, as the stream carries them. */
async function recordOf(surveyId: string, responseId: string, eventName: 'INSERT' | 'MODIFY', sequence: string) {
  const { data } = await stackEntities().response.get({ surveyId, responseId }).go({ consistent: true });
  const image: Record<string, { S: string } | { N: string }> = { __edb_e__: { S: 'response' } };
  for (const [name, value] of Object.entries(data ?? {}))
    if (typeof value === 'string') image[name] = { S: value };
    else if (typeof value === 'number') image[name] = { N: String(value) };
  // As it was before the owner hid it: the creation's image, and the hide's old image.
  const before = { ...image };
  delete before.hiddenReason;
  delete before.hiddenAt;
  return {
    eventName,
    dynamodb:
      eventName === 'INSERT'
        ? { NewImage: before, SequenceNumber: sequence }
        : { NewImage: image, OldImage: before, SequenceNumber: sequence },
  } as DynamoDBRecord;
}

describe('the reviews widget’s item', () => {
  it(
    'shows the newest consented comments once, counts a hide once and fills its place, whatever the stream repeats',
    { timeout: 90_000 },
    async () => {
      const owner: ApiUser = await createSignedInUser(stack);
      const survey = await publishSurvey(owner, (await createSampleSurvey(owner, 'Widget Bakery', {})).id);
      const submit = async (rating: number, comment: string, consent: boolean) => {
        const answer = await apiCall(api, 'POST', pathOf('submit-response', { surveyCode: survey.surveyCode! }), {
          body: {
            rating,
            comment,
            idempotencyKey: randomUUID(),
            elapsedMs: 9000,
            ...(consent ? { websiteConsent: { nameStyle: 'first-name', name: `Guest ${comment}` } } : {}),
          },
        });
        expect(answer.status).toBe(201);
        return (answer.body as { responseId: string }).responseId;
      };
      // One more consented comment than the widget shows, one after another (so their times order them), and one
      // comment without consent.
      const ids: string[] = [];
      for (let i = 0; i <= widgetCommentsShown; i++) ids.push(await submit(i % 2 ? 2 : 5, `c${i}`, true));
      await submit(4, 'not for the website', false);
      const newestFirst = [...ids].reverse();

      await expect
        .poll(async () => (await readWidget(survey)).comments.map((c) => c.id), { timeout: 20_000, interval: 200 })
        .toEqual(newestFirst.slice(0, widgetCommentsShown));
      await expect.poll(async () => (await readWidget(survey)).count, { timeout: 20_000, interval: 200 }).toBe(12);
      const first = await widgetOf(survey);
      expect(first.status).toBe(200);
      expect(first.cors).toBe('*');
      const widget = surveyWidgetSchema.parse(first.body);
      // 6 fives and 5 twos and a 4: (30 + 10 + 4) / 12 = 3.67, every rating counted.
      expect(widget.average).toBe(3.7);
      expect(widget.comments.every((c) => c.invitation === 'public-link' && c.shownAs.startsWith('Guest'))).toBe(true);

      // The owner hides the newest: it goes, the oldest consented comment takes its place, the reason is counted.
      await ownerCall(
        api,
        owner,
        'POST',
        pathOf('hide-from-website', { surveyId: survey.id, responseId: newestFirst[0]! }),
        { reason: 'offensive' },
      );
      await expect
        .poll(async () => (await readWidget(survey)).hidden.offensive, { timeout: 20_000, interval: 200 })
        .toBe(1);
      const expected = newestFirst.slice(1);
      expect((await readWidget(survey)).comments.map((c) => c.id)).toEqual(expected);

      // The stream again: the hidden comment's creation, its hide (twice at once) and another's creation.
      const reviews = createDynamoWebsiteReviews(tableEntities(stack.env));
      const responses = createDynamoResponseStore(tableEntities(stack.env));
      const refill = (surveyId: string) => consentedComments(responses, surveyId);
      const records = [
        await recordOf(survey.id, newestFirst[0]!, 'INSERT', '91'),
        await recordOf(survey.id, newestFirst[0]!, 'MODIFY', '92'),
        await recordOf(survey.id, newestFirst[3]!, 'INSERT', '93'),
      ];
      const results = await Promise.all([
        consumeStream(reviews, refill, { Records: records }),
        consumeStream(reviews, refill, { Records: records }),
      ]);
      expect(results).toEqual([{ batchItemFailures: [] }, { batchItemFailures: [] }]);
      const after = await readWidget(survey);
      expect(after.comments.map((c) => c.id)).toEqual(expected);
      expect(after.hidden).toEqual({ 'personal-data': 0, offensive: 1, 'not-about-business': 0 });

      // Deleted: the survey's widget is a 404 (with CORS, so the owner's page can say so) and its item is gone.
      await ownerCall(api, owner, 'DELETE', pathOf('delete-survey', { surveyId: survey.id }));
      // (An instance of the public Lambda trusts a survey it read for a few seconds, surveyCacheMs.)
      await expect
        .poll(
          async () => {
            const gone = await widgetOf(survey);
            return [gone.status, gone.cors];
          },
          { timeout: 15_000, interval: 500 },
        )
        .toEqual([404, '*']);
      const { data } = await stackEntities().websiteReviews.get({ surveyId: survey.id }).go({ consistent: true });
      expect(data).toBeNull();
    },
  );
});

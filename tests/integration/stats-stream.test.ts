import { randomUUID } from 'node:crypto';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, inject, it, vi } from 'vitest';
import { submitResponseResultSchema, surveySchema } from '@reviewroute/shared';
import { createDynamoSurveyStats } from '@reviewroute/functions/data/survey-stats';
import { consumeStream } from '@reviewroute/functions/domains/surveys/stats-worker';
import { streamsApi } from '../../infra/local/workers';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../infra/local/env';
import { callApi, sampleBusiness, stackEntities } from '../support/api';
import { createSignedInUser } from '../support/cognito';

const stack = inject('localStack');
const stats = createDynamoSurveyStats(stackEntities);

/** Every record on DynamoDB Local's stream of the table so far, as GetRecords returns them. */
async function streamRecords(): Promise<DynamoDBRecord[]> {
  const endpoint = stack.env.AWS_ENDPOINT_URL_DYNAMODB!;
  const ddb = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  const { Table } = await ddb.send(new DescribeTableCommand({ TableName: stack.env.TABLE_NAME }));
  ddb.destroy();
  const call = streamsApi(endpoint);
  const { StreamDescription } = await call<{ StreamDescription: { Shards: { ShardId: string }[] } }>('DescribeStream', {
    StreamArn: Table!.LatestStreamArn,
  });
  const records: DynamoDBRecord[] = [];
  for (const { ShardId } of StreamDescription.Shards) {
    let { ShardIterator: iterator } = await call<{ ShardIterator?: string }>('GetShardIterator', {
      StreamArn: Table!.LatestStreamArn,
      ShardId,
      ShardIteratorType: 'TRIM_HORIZON',
    });
    while (iterator) {
      const page = await call<{ Records: DynamoDBRecord[]; NextShardIterator?: string }>('GetRecords', {
        ShardIterator: iterator,
        Limit: 1000,
      });
      records.push(...page.Records);
      if (page.Records.length === 0) break;
      iterator = page.NextShardIterator;
    }
  }
  return records;
}

describe('stats worker on DynamoDB Local’s stream', () => {
  it('counts each response and click once: the running worker, then the same records again, reversed, in halves', async () => {
    const owner = await createSignedInUser(stack);
    const created = surveySchema.parse(
      (await callApi('POST', '/api/surveys', { user: owner, body: sampleBusiness('Stream Bakery') })).body,
    );
    const survey = surveySchema.parse(
      (await callApi('POST', `/api/surveys/${created.id}/publish`, { user: owner })).body,
    );
    const ratings = [5, 4, 4, 2, 1, 5];
    const answers = [];
    for (const rating of ratings) {
      const res = await callApi('POST', `/api/public/surveys/${survey.surveyCode}/responses`, {
        body: { rating, comment: `r${rating}`, idempotencyKey: randomUUID(), elapsedMs: 9000 },
      });
      expect(res.status).toBe(201);
      answers.push(submitResponseResultSchema.parse(res.body));
    }
    const click = await callApi(
      'POST',
      `/api/public/surveys/${survey.surveyCode}/responses/${answers[0]!.responseId}/review-click`,
      { body: { token: answers[0]!.clickToken } },
    );
    expect(click.status).toBe(204);
    const expected = { surveyId: survey.id, count: 6, sum: 21, histogram: [1, 1, 0, 2, 2], reviewClicks: 1 };
    // The stack's own worker, fed by its stream poller.
    await vi.waitFor(async () => expect(await stats.getTally(survey.id)).toEqual(expected), {
      timeout: 10_000,
      interval: 50,
    });

    // The same records delivered again, as the event source may: whole, reversed, and as a batch cut short
    // by a crash then delivered whole.
    const ours = (await streamRecords()).filter((r) => r.dynamodb?.NewImage?.surveyId?.S === survey.id);
    const isResponse = (r: DynamoDBRecord) => r.dynamodb?.NewImage?.__edb_e__?.S === 'response';
    expect(ours.filter((r) => r.eventName === 'INSERT' && isResponse(r))).toHaveLength(6);
    const event = (records: DynamoDBRecord[]) => ({ Records: records });
    expect(await consumeStream(stats, event(ours))).toEqual({ batchItemFailures: [] });
    expect(await consumeStream(stats, event([...ours].reverse()))).toEqual({ batchItemFailures: [] });
    await consumeStream(stats, event(ours.slice(0, 3)));
    await consumeStream(stats, event(ours));
    expect(await stats.getTally(survey.id)).toEqual(expected);
  });
});

import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import type { LambdaEnv } from '@reviewroute/shared';
import { tableEntities } from '../../data/client';
import type { SurveyStatsStore, TallyEvent } from '../../data/survey-stats';
import { createDynamoSurveyStats, tallyEventOf } from '../../data/survey-stats';
import { processLambdaEnv } from '../../lib/env';
import { configureLogger, logger } from '../../lib/logger';
import type { WorkerRun } from '../../worker-entries';

const keyOf = (e: TallyEvent) => `${e.kind}/${e.surveyId}/${e.responseId}`;

/**
 * One batch of the table's stream: what it gives to count (new responses, review clicks) counted once each
 * (survey-stats.ts says how), and the records it could not count reported as partial batch failures, so
 * Lambda retries from the first of them (the ones after it come again too, and count nothing twice). A
 * thrown error (a crash) fails the whole batch, which comes again the same way.
 */
export async function consumeStream(
  stats: Pick<SurveyStatsStore, 'count'>,
  event: DynamoDBStreamEvent,
): Promise<DynamoDBBatchResponse> {
  const found = (event.Records ?? []).flatMap((record) => {
    const tally = tallyEventOf(record);
    return tally ? [{ tally, sequence: record.dynamodb?.SequenceNumber ?? '' }] : [];
  });
  if (found.length === 0) return { batchItemFailures: [] };
  const failed = new Set((await stats.count(found.map((f) => f.tally))).map(keyOf));
  const batchItemFailures = found
    .filter((f) => failed.has(keyOf(f.tally)))
    .map((f) => ({ itemIdentifier: f.sequence }));
  if (batchItemFailures.length > 0)
    logger.warn('Stats worker: records left for a retry', { n: batchItemFailures.length });
  return { batchItemFailures };
}

/**
 * The stats worker (`stats` in the worker table, shared/src/workers.ts): the tallies' only writer, fed by
 * the table's stream, in AWS by the Lambda event source and locally by the stack's stream poller.
 */
export function createWorker(
  env: LambdaEnv,
  statsOf: () => Pick<SurveyStatsStore, 'count'> = () => createDynamoSurveyStats(tableEntities(env)),
): WorkerRun {
  configureLogger(env);
  let stats: Pick<SurveyStatsStore, 'count'> | undefined;
  return async (event) => consumeStream((stats ??= statsOf()), event as DynamoDBStreamEvent);
}

/** Lambda's entry: process.env, read when a variable is first needed. */
export const handler = createWorker(processLambdaEnv);

import type { AttributeValue, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { requestChannels, suppressionReasons, type FunnelMark, type LambdaEnv } from '@reviewroute/shared';
import { tableEntities } from '../../data/client';
import { createDynamoReviewRequestStore, type ReviewRequestStore } from '../../data/review-requests';
import { reachedStages, type RecipientRecord } from '../../data/request-recipients';
import { processLambdaEnv } from '../../lib/env';
import { configureLogger, logger } from '../../lib/logger';
import type { WorkerRun } from '../../worker-entries';

type FunnelStore = Pick<ReviewRequestStore, 'countFunnel' | 'getRecipient'>;

/**
 * A recipient as the stream's new image shows it: enough to know which funnel steps (and outcomes: failed,
 * suppressed after the send) it reached and counted, and under which channel.
 */
export type FunnelRecipient = Pick<
  RecipientRecord,
  | 'batchId'
  | 'id'
  | 'surveyId'
  | 'state'
  | 'channel'
  | 'deliveredAt'
  | 'openedAt'
  | 'ratedAt'
  | 'clickedAt'
  | 'suppressedAs'
  | 'counted'
>;

const text = (image: Record<string, AttributeValue>, name: string) => image[name]?.S || null;
const countedMarks: Record<FunnelMark, string> = {
  sent: 'sentCounted',
  delivered: 'deliveredCounted',
  opened: 'openedCounted',
  rated: 'ratedCounted',
  clicked: 'clickedCounted',
  failed: 'failedCounted',
  unsubscribed: 'suppressedCounted',
  bounced: 'suppressedCounted',
  complained: 'suppressedCounted',
};

/** The recipient of a record that wrote one (an insert or a change); every other record is passed over. */
export function funnelRecipientOf(record: DynamoDBRecord): FunnelRecipient | undefined {
  const image = record.dynamodb?.NewImage;
  if (!image || record.eventName === 'REMOVE' || text(image, '__edb_e__') !== 'requestRecipient') return undefined;
  const batchId = text(image, 'batchId');
  const id = text(image, 'recipientId');
  const surveyId = text(image, 'surveyId');
  const state = text(image, 'state');
  if (!batchId || !id || !surveyId || !state) return undefined;
  return {
    batchId,
    id,
    surveyId,
    state: state as RecipientRecord['state'],
    channel: requestChannels.find((c) => c === text(image, 'channel')) ?? null,
    deliveredAt: text(image, 'deliveredAt'),
    openedAt: text(image, 'openedAt'),
    ratedAt: text(image, 'ratedAt'),
    clickedAt: text(image, 'clickedAt'),
    suppressedAs: suppressionReasons.find((reason) => reason === text(image, 'suppressedAs')) ?? null,
    counted: (Object.keys(countedMarks) as FunnelMark[]).filter((s) => image[countedMarks[s]]?.BOOL === true),
  };
}

/** The steps and outcomes the recipient reached that its marks do not say were counted. */
export const uncountedStages = (r: FunnelRecipient): FunnelMark[] =>
  reachedStages(r).filter((stage) => !r.counted.includes(stage));

/** Tries of one recipient's count against concurrent changes before the record is left for a retry. */
const maxTries = 5;

/**
 * Counts one recipient's new steps in its survey's funnel, each once: the steps' marks and the funnel's ADD
 * commit together, on the condition that the marks are still absent. A record delivered again (or an older
 * image arriving after a newer one was counted) finds the marks and adds nothing; a change meanwhile is read
 * again. A deleted recipient counts nothing, so a survey's deleted funnel is never recreated.
 */
export async function countRecipient(store: FunnelStore, seen: FunnelRecipient): Promise<boolean> {
  let current: FunnelRecipient | undefined = seen;
  for (let attempt = 0; attempt < maxTries; attempt++) {
    const stages = uncountedStages(current);
    if (stages.length === 0) return true;
    const outcome = await store.countFunnel(current, stages);
    if (outcome !== 'stale') return true;
    current = await store.getRecipient(current.batchId, current.id);
    if (!current) return true;
  }
  return false;
}

/**
 * One batch of the table's stream: each recipient's new funnel steps counted once. A record that could not be
 * counted (busy, or changing under it past its tries) is reported as a partial batch failure and comes again.
 */
export async function consumeFunnel(store: FunnelStore, event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const batchItemFailures: { itemIdentifier: string }[] = [];
  for (const record of event.Records ?? []) {
    const recipient = funnelRecipientOf(record);
    if (!recipient || uncountedStages(recipient).length === 0) continue;
    let done = false;
    try {
      done = await countRecipient(store, recipient);
    } catch (error) {
      logger.warn('Funnel worker: count failed', { batchId: recipient.batchId, error: String(error) });
    }
    if (!done) batchItemFailures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' });
  }
  if (batchItemFailures.length > 0)
    logger.warn('Funnel worker: records left for a retry', { n: batchItemFailures.length });
  return { batchItemFailures };
}

/**
 * The funnel worker (`funnel` in the worker table, shared/src/workers.ts): the review-request funnels' only
 * writer, fed by the table's stream (the recipients' state and link marks), like the stats worker.
 */
export function createWorker(
  env: LambdaEnv,
  storeOf: () => FunnelStore = () => createDynamoReviewRequestStore(tableEntities(env)),
): WorkerRun {
  configureLogger(env);
  let store: FunnelStore | undefined;
  return async (event) => consumeFunnel((store ??= storeOf()), event as DynamoDBStreamEvent);
}

/** Lambda's entry: process.env, read when a variable is first needed. */
export const handler = createWorker(processLambdaEnv);

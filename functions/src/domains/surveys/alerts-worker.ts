import type { AttributeValue, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { ratingsIn, type LambdaEnv } from '@reviewroute/shared';
import { shortenComment, singleAlertsPerWindow } from '../../data/owner-alert-store';
import { processLambdaEnv } from '../../lib/env';
import { configureLogger, logger } from '../../lib/logger';
import type { WorkerRun } from '../../worker-entries';
import { ownerAlertDepsOf, type OwnerAlertDeps } from './owner-alert-deps';
import { alertMailBase, composeLowRatingAlert } from './alert-mail';

export type AlertDeps = OwnerAlertDeps;

const lowRatings = ratingsIn('low');

/** A new low rating as the stream shows it. */
export interface LowRating {
  surveyId: string;
  responseId: string;
  ownerId: string;
  rating: number;
  comment?: string;
  customerName?: string;
  customerEmail?: string;
  createdAt: string;
}

const text = (image: Record<string, AttributeValue> | undefined, name: string) => {
  const value = image?.[name]?.S;
  return value === undefined || value.trim() === '' ? undefined : value;
};

/**
 * A response created with a rating of 1 or 2 (an INSERT of a `response` item): only its creation alerts, never
 * a later change (its review click, the stats worker's marks). Responses stored before they named their
 * survey's owner cannot be alerted and are passed over.
 */
export function lowRatingOf(record: DynamoDBRecord): LowRating | undefined {
  const next = record.dynamodb?.NewImage;
  if (record.eventName !== 'INSERT' || text(next, '__edb_e__') !== 'response') return undefined;
  const rating = Number(next?.rating?.N);
  // The low band (1 or 2 stars): the owner hears of these (decisions 23); the worker table's filter says the same.
  if (!lowRatings.includes(rating)) return undefined;
  const surveyId = text(next, 'surveyId');
  const responseId = text(next, 'responseId');
  const ownerId = text(next, 'ownerId');
  const createdAt = text(next, 'createdAt');
  if (!surveyId || !responseId || !ownerId || !createdAt) return undefined;
  return {
    surveyId,
    responseId,
    ownerId,
    rating,
    comment: text(next, 'comment'),
    customerName: text(next, 'customerName'),
    customerEmail: text(next, 'customerEmail'),
    createdAt,
  };
}

/** Tries of a low rating whose window another writer changed meanwhile (only concurrent writers collide). */
const recordAttempts = 5;

/**
 * One low rating, if the survey still exists with its alerts on and the owner has an address: within the hour
 * that started with the survey's first low rating, the first five are mailed one by one at once, the further
 * ones kept for the window's digest (digests-worker.ts sends it when the hour is over). The response's
 * mark is claimed in the same transaction that counts it in its window, so a record delivered again sends and
 * counts nothing; a failed single send gives both back and fails the record, whose retry sends it then. A crash
 * between the send and its return leaves the mark: at most one mail per response, never two.
 */
async function alertOnce(deps: AlertDeps, low: LowRating): Promise<void> {
  const survey = await deps.surveys.get(low.ownerId, low.surveyId);
  if (!survey || !survey.lowRatingAlerts) return;
  const owner = await deps.contacts.contactOf(low.ownerId);
  if (!owner) return;
  const at = new Date(low.createdAt).toISOString();
  const entry = {
    responseId: low.responseId,
    rating: low.rating,
    createdAt: at,
    ...(shortenComment(low.comment) ? { comment: shortenComment(low.comment) } : {}),
  };
  for (let attempt = 1; attempt <= recordAttempts; attempt++) {
    const found = await deps.alerts.windowAt(low.surveyId, at);
    // No window holds this moment, or its digest went out already: this low rating opens a new one.
    const window =
      found && !found.closed
        ? { ...found, isNew: false }
        : {
            windowStart:
              found && found.windowStart >= at ? new Date(Date.parse(found.windowStart) + 1).toISOString() : at,
            seen: 0,
            further: 0,
            isNew: true,
          };
    const kind = window.seen < singleAlertsPerWindow ? 'single' : 'digest';
    const outcome = await deps.alerts.record({ surveyId: low.surveyId, ownerId: low.ownerId, entry, window, kind });
    if (outcome === 'already') return;
    if (outcome === 'conflict') continue;
    if (kind === 'digest') {
      logger.info('Low rating kept for the digest', { surveyId: low.surveyId, responseId: low.responseId });
      return;
    }
    const mail = composeLowRatingAlert({ ...low, ...(await alertMailBase(deps, survey, owner)) });
    try {
      await deps.mailer(mail);
    } catch (error) {
      await deps.alerts.release(low.surveyId, low.responseId, window.windowStart);
      throw error;
    }
    logger.info('Low-rating alert sent', { surveyId: low.surveyId, responseId: low.responseId });
    return;
  }
  throw new Error(`Low rating ${low.responseId}: its alert window kept changing`);
}

/**
 * One batch of the table's stream: each new low rating alerted once, in order. A record that fails is reported
 * as a partial batch failure, and so is every one after it (Lambda retries from the first failed record), so
 * nothing is skipped; the ones alerted before find their marks when they come again.
 */
export async function consumeAlerts(deps: AlertDeps, event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const records = event.Records ?? [];
  for (const [index, record] of records.entries()) {
    const low = lowRatingOf(record);
    if (!low) continue;
    try {
      await alertOnce(deps, low);
    } catch (error) {
      logger.warn('Low-rating alert left for a retry', { responseId: low.responseId, error: String(error) });
      return {
        batchItemFailures: records
          .slice(index)
          .map((r) => ({ itemIdentifier: r.dynamodb?.SequenceNumber ?? '' }))
          .filter((f) => f.itemIdentifier !== ''),
      };
    }
  }
  return { batchItemFailures: [] };
}

/**
 * The low-rating alert worker (`alerts` in the worker table, shared/src/workers.ts), fed by the table's stream
 * like the stats worker. Without a sender (CONTACT_FROM_ADDRESS / CONTACT_TO_ADDRESS) it alerts nobody.
 */
export function createWorker(env: LambdaEnv, depsOf?: () => AlertDeps | undefined): WorkerRun {
  configureLogger(env);
  const defaults = (): AlertDeps | undefined => ownerAlertDepsOf(env);
  let deps: AlertDeps | undefined;
  let warned = false;
  return async (event) => {
    deps ??= (depsOf ?? defaults)();
    if (!deps) {
      if (!warned) logger.warn('Alerts worker: no sender configured (CONTACT_FROM_ADDRESS), no alert is sent');
      warned = true;
      return { batchItemFailures: [] };
    }
    return consumeAlerts(deps, event as DynamoDBStreamEvent);
  };
}

/** Lambda's entry: process.env, read when a variable is first needed. */
export const handler = createWorker(processLambdaEnv);

import type { AttributeValue, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { LambdaEnv } from '@reviewroute/shared';
import { tableEntities } from '../../data/client';
import type { OwnerAlertStore } from '../../data/owner-alert-store';
import { createCognitoOwnerContacts, type OwnerContacts } from '../../data/owner-contacts';
import type { SurveyRepository } from '../../data/repositories';
import { createDynamoAlertMarks } from '../../data/response-store';
import { createDynamoSurveyRepository } from '../../data/survey-repository';
import { processLambdaEnv } from '../../lib/env';
import { configureLogger, logger } from '../../lib/logger';
import type { Mailer } from '../../mail/mailer';
import { ownerMailSettings } from '../../mail/owner-mail';
import { sesMailerOf } from '../../mail/ses-mailer';
import type { WorkerRun } from '../../worker-entries';
import { composeLowRatingAlert } from './alert-mail';

/** Ratings up to this one are low: the owner hears of them (decisions 23). */
export const alertRatingAtMost = 2;

export interface AlertDeps {
  surveys: Pick<SurveyRepository, 'get'>;
  contacts: OwnerContacts;
  alerts: OwnerAlertStore;
  mailer: Mailer;
  from: string;
  siteOrigin: string;
}

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
  if (!Number.isInteger(rating) || rating < 1 || rating > alertRatingAtMost) return undefined;
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

/**
 * One low rating: the owner is mailed once, if the survey still exists with its alerts on and the owner has an
 * address. The response's mark is claimed first (a conditional put), so a record delivered again sends nothing;
 * a failed send gives the mark back and fails the record, whose retry sends it then. A crash between the send
 * and its return leaves the mark: at most one mail per response, never two.
 */
async function alertOnce(deps: AlertDeps, low: LowRating): Promise<void> {
  const survey = await deps.surveys.get(low.ownerId, low.surveyId);
  if (!survey || !survey.lowRatingAlerts) return;
  const owner = await deps.contacts.contactOf(low.ownerId);
  if (!owner) return;
  const claimed = await deps.alerts.claim(low.surveyId, low.responseId);
  if (!claimed) return;
  const mail = composeLowRatingAlert({
    ...low,
    businessName: survey.businessName,
    to: owner.email,
    language: owner.language,
    from: deps.from,
    siteOrigin: deps.siteOrigin,
  });
  try {
    await deps.mailer(mail);
  } catch (error) {
    await deps.alerts.release(low.surveyId, low.responseId);
    throw error;
  }
  logger.info('Low-rating alert sent', { surveyId: low.surveyId, responseId: low.responseId });
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
  const defaults = (): AlertDeps | undefined => {
    const settings = ownerMailSettings(env);
    if (!settings) return undefined;
    const entities = tableEntities(env);
    return {
      surveys: createDynamoSurveyRepository(entities),
      contacts: createCognitoOwnerContacts(env),
      alerts: createDynamoAlertMarks(entities),
      mailer: sesMailerOf(env),
      from: settings.from,
      siteOrigin: env.SITE_ORIGIN,
    };
  };
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

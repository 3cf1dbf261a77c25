import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import type { LambdaEnv, WidgetComment } from '@reviewroute/shared';
import { tableEntities } from '../../data/client';
import { createDynamoResponseStore, type ResponseStore } from '../../data/response-store';
import {
  createDynamoWebsiteReviews,
  websiteReviewChangeOf,
  type WebsiteReviewChange,
  type WebsiteReviewsStore,
} from '../../data/website-reviews';
import { processLambdaEnv } from '../../lib/env';
import { configureLogger, logger } from '../../lib/logger';
import type { WorkerRun } from '../../worker-entries';

/**
 * How far back a hide looks for the consented comment that takes the hidden one's place: the survey's newest
 * commented responses, one bounded query of the feedback index (an owner's hide is rare; a consented comment older
 * than these stays out of the widget until newer ones come).
 */
export const refillLookBack = 100;

/** The survey's newest consented comments not hidden, from its newest commented responses. */
export async function consentedComments(
  responses: Pick<ResponseStore, 'listFeedback'>,
  surveyId: string,
): Promise<WidgetComment[]> {
  const latest = await responses.listFeedback(surveyId, refillLookBack);
  return latest.flatMap((r) =>
    r.comment && r.websiteConsent && r.websiteConsent.hiddenReason === null
      ? [
          {
            id: r.id,
            rating: r.rating,
            comment: r.comment,
            shownAs: r.websiteConsent.shownAs,
            createdAt: r.createdAt,
            invitation: r.evidence?.invitation ?? 'public-link',
          },
        ]
      : [],
  );
}

/**
 * One batch of the table's stream: the consented comments created and the owner's hides, applied to each survey's
 * widget item in stream order, each once (website-reviews.ts says how); what could not be applied is reported as
 * partial batch failures, so Lambda delivers it (and what follows) again.
 */
export async function consumeStream(
  reviews: Pick<WebsiteReviewsStore, 'apply'>,
  refill: (surveyId: string) => Promise<WidgetComment[]>,
  event: DynamoDBStreamEvent,
): Promise<DynamoDBBatchResponse> {
  const found = (event.Records ?? []).flatMap((record) => {
    const change = websiteReviewChangeOf(record);
    return change ? [{ change, sequence: record.dynamodb?.SequenceNumber ?? '' }] : [];
  });
  if (found.length === 0) return { batchItemFailures: [] };
  const failed = new Set<WebsiteReviewChange>(
    await reviews.apply(
      found.map((f) => f.change),
      refill,
    ),
  );
  const first = found.findIndex((f) => failed.has(f.change));
  if (first < 0) return { batchItemFailures: [] };
  logger.warn('Website reviews worker: records left for a retry', { n: found.length - first });
  // From the first failure on: a survey's later change must not be applied before an earlier one.
  return { batchItemFailures: found.slice(first).map((f) => ({ itemIdentifier: f.sequence })) };
}

/**
 * The website-reviews worker (`website-reviews` in the worker table, shared/src/workers.ts): the only writer of
 * the surveys' widget items, fed by the table's stream through the tallies reader.
 */
export function createWorker(env: LambdaEnv): WorkerRun {
  configureLogger(env);
  let deps: { reviews: WebsiteReviewsStore; responses: ResponseStore } | undefined;
  return async (event) => {
    deps ??= (() => {
      const entities = tableEntities(env);
      return { reviews: createDynamoWebsiteReviews(entities), responses: createDynamoResponseStore(entities) };
    })();
    const { reviews, responses } = deps;
    return consumeStream(reviews, (surveyId) => consentedComments(responses, surveyId), event as DynamoDBStreamEvent);
  };
}

/** Lambda's entry: process.env, read when a variable is first needed. */
export const handler = createWorker(processLambdaEnv);

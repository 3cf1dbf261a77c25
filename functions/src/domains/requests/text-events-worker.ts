import type { LambdaEnv } from '@reviewroute/shared';
import { tableEntities } from '../../data/client';
import { failRecipientDelivery, markRecipientDelivered } from '../../data/request-recipients';
import { createDynamoReviewRequestStore } from '../../data/review-requests';
import { createDynamoSentTexts } from '../../data/sent-texts';
import { cognitoUserReader } from '../../data/user-directory';
import { processLambdaEnv } from '../../lib/env';
import { configureLogger, logger } from '../../lib/logger';
import type { WorkerRun } from '../../worker-entries';
import { sendingHealthOf } from './sending-health';
import { asSnsEvent, recordTextEvent, snsEventSchema, textEventsOf, type TextEventDeps } from './text-events';

/**
 * The text-events worker (`text-events` in the worker table): one SNS notification per run, from the texts' SNS
 * topic in AWS (the configuration set's delivery events and the two-way channel's replies) and from the local SMS
 * service locally. A notification it cannot read is logged and dropped (the service will not send it differently
 * next time); a failing write throws, so SNS's retries of the Lambda bring the event again.
 */
export function createWorker(env: LambdaEnv, depsOf?: () => TextEventDeps): WorkerRun {
  configureLogger(env);
  const defaults = (): TextEventDeps => {
    const entitiesOf = tableEntities(env);
    const requests = createDynamoReviewRequestStore(entitiesOf);
    const texts = createDynamoSentTexts(entitiesOf);
    const userOf = cognitoUserReader(env);
    const health = sendingHealthOf(env);
    return {
      rememberText: (messageId, request) => texts.putSentText(messageId, request, new Date().toISOString()),
      textRequestOf: (messageId) => texts.getSentText(messageId),
      recipientOf: async (request) => {
        const recipient = await requests.getRecipient(request.batchId, request.recipientId);
        return recipient ? { userId: recipient.userId } : undefined;
      },
      markDelivered: (request, at) =>
        markRecipientDelivered(entitiesOf, { batchId: request.batchId, id: request.recipientId }, at),
      failDelivery: (request) =>
        failRecipientDelivery(entitiesOf, { batchId: request.batchId, id: request.recipientId }),
      suppress: (userId, phone, reason, at) => requests.suppress(userId, phone, reason, at),
      markSuppressed: (request, reason) => requests.markSuppressed(request.batchId, request.recipientId, reason),
      recordOutcome: (userId, outcome) => health.recordOutcome(userId, 'text', outcome),
      ownerIsActive: async (userId) => (await userOf(userId))?.Enabled === true,
      now: () => new Date(),
    };
  };
  let deps: TextEventDeps | undefined;
  return async (event) => {
    const parsed = snsEventSchema.safeParse(asSnsEvent(event));
    if (!parsed.success) {
      logger.warn('Text-events worker: not an SNS notification it reads, dropped', {
        issues: parsed.error.issues.length,
      });
      return ['ignored'];
    }
    deps ??= (depsOf ?? defaults)();
    const outcomes = [];
    for (const textEvent of textEventsOf(parsed.data)) outcomes.push(await recordTextEvent(deps, textEvent));
    return outcomes;
  };
}

/** Lambda's entry: process.env, read when a variable is first needed. */
export const handler = createWorker(processLambdaEnv);

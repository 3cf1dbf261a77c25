import type { LambdaEnv } from '@reviewroute/shared';
import { tableEntities } from '../../data/client';
import { markRecipientDelivered } from '../../data/request-recipients';
import { createDynamoReviewRequestStore } from '../../data/review-requests';
import { cognitoUserReader } from '../../data/user-directory';
import { processLambdaEnv } from '../../lib/env';
import { configureLogger, logger } from '../../lib/logger';
import type { WorkerRun } from '../../worker-entries';
import { recordMailEvent, sesMailEventSchema, type MailEventDeps } from './mail-events';
import { sendingHealthOf } from './sending-health';

/**
 * The mail-events worker (`mail-events` in the worker table): one SES event per run: a bounce or complaint (onto
 * the platform's and the owner's suppression lists and the owner's sending health) or a delivery (the request's row
 * marked delivered), from
 * EventBridge in AWS and from the local SES twin locally. An event it cannot read is logged and dropped (SES
 * will not send it differently next time); a failing write throws, so EventBridge retries the event.
 */
export function createWorker(env: LambdaEnv, depsOf?: () => MailEventDeps): WorkerRun {
  configureLogger(env);
  const defaults = (): MailEventDeps => {
    const entitiesOf = tableEntities(env);
    const requests = createDynamoReviewRequestStore(entitiesOf);
    const userOf = cognitoUserReader(env);
    const health = sendingHealthOf(env);
    return {
      suppress: (userId, email, reason, at) => requests.suppress(userId, email, reason, at),
      suppressForAll: (email, reason, at) => requests.suppressForAll(email, reason, at),
      recordOutcome: (userId, outcome) => health.recordOutcome(userId, 'mail', outcome),
      ownerIsActive: async (userId) => (await userOf(userId))?.Enabled === true,
      markDelivered: (request, at) =>
        markRecipientDelivered(entitiesOf, { batchId: request.batchId, id: request.recipientId }, at),
      markSuppressed: (request, reason) => requests.markSuppressed(request.batchId, request.recipientId, reason),
      now: () => new Date(),
    };
  };
  let deps: MailEventDeps | undefined;
  return async (event) => {
    const parsed = sesMailEventSchema.safeParse(event);
    if (!parsed.success) {
      logger.warn('Mail-events worker: not an SES event it reads, dropped', { issues: parsed.error.issues.length });
      return 'ignored';
    }
    deps ??= (depsOf ?? defaults)();
    return recordMailEvent(deps, parsed.data);
  };
}

/** Lambda's entry: process.env, read when a variable is first needed. */
export const handler = createWorker(processLambdaEnv);

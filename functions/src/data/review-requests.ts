import type { Entities } from './entities';
import { createDynamoRequestBatches, deleteBatch, deleteBatchesOf, type RequestBatchStore } from './request-batches';
import {
  createDynamoRequestClaims,
  deleteContactsOf,
  deleteDailyCountsOf,
  type RequestClaimStore,
} from './request-claims';
import { createDynamoRequestFunnel, deleteFunnelOf, type RequestFunnelStore } from './request-funnel';
import { createDynamoHookMethods, type RequestHookMethods } from './request-hooks';
import { createDynamoRequestQueue, deleteQueuedOf, type RequestQueueStore } from './request-queue';
import { createDynamoRecipients, type RequestRecipientStore } from './request-recipients';
import { createDynamoSuppressions, deleteSuppressionsOf, type SuppressionStore } from './request-suppressions';
import { createDynamoSendingHealth, deleteSendingHealthOf, type SendingHealthStore } from './sending-health';
import { createDynamoTextAllowance } from './text-allowance';

/**
 * E-mail review requests as the requests domain sees them: one store over the modules that each own one
 * part (request-batches.ts, request-queue.ts, request-recipients.ts, request-claims.ts: contact marks and daily
 * counts, request-suppressions.ts, request-funnel.ts, request-hooks.ts, sending-health.ts). The requests service (the API), the
 * hook service and the requests worker use it; the survey delete and the account export and erasure reach
 * every part through `…BySurvey` / `…ByOwner` here, in the order the parts' rules need.
 */
export interface ReviewRequestStore
  extends
    RequestBatchStore,
    RequestQueueStore,
    RequestRecipientStore,
    RequestClaimStore,
    SuppressionStore,
    RequestFunnelStore,
    RequestHookMethods,
    SendingHealthStore {
  /** A survey's batches, their recipients and queue entries, its funnel and its webhook. Idempotent. */
  deleteBySurvey(userId: string, surveyId: string): Promise<void>;
  /**
   * Everything of the owner: every batch (and its recipients), the suppression list, the daily counts, the contact
   * marks, the month's text counts and the request settings, the sending health (never the platform's suppression list, which is no owner's). Idempotent.
   */
  deleteByOwner(userId: string): Promise<void>;
}

/**
 * The store on the one table (docs/data-model.md "E-mail review requests"). `clock`: the time the tombstone
 * condition of the creating writes (a batch, a hook) is evaluated at (ms).
 */
export function createDynamoReviewRequestStore(
  entitiesOf: () => Entities,
  clock: () => number = Date.now,
): ReviewRequestStore {
  const batches = createDynamoRequestBatches(entitiesOf, clock);
  const recipients = createDynamoRecipients(entitiesOf, clock);
  const hooks = createDynamoHookMethods(entitiesOf, clock);
  return {
    ...batches,
    ...createDynamoRequestQueue(entitiesOf),
    ...recipients,
    ...createDynamoRequestClaims(entitiesOf),
    ...createDynamoSuppressions(entitiesOf),
    ...createDynamoRequestFunnel(entitiesOf, recipients),
    ...hooks,
    ...createDynamoSendingHealth(entitiesOf),

    async deleteBySurvey(userId, surveyId) {
      // The survey's queue entries in one read of the owner's queue; the owner's turn settles their entry.
      await deleteQueuedOf(entitiesOf, userId, { surveyId });
      for (const batch of await batches.listBatchesBySurvey(userId, surveyId))
        await deleteBatch(entitiesOf, userId, surveyId, batch.id, { queued: false });
      // After the recipients: a count that comes later finds its recipient gone and does not recreate it.
      await deleteFunnelOf(entitiesOf, surveyId);
      await hooks.deleteHookOf(surveyId);
    },

    async deleteByOwner(userId) {
      await deleteBatchesOf(entitiesOf, userId);
      await deleteSuppressionsOf(entitiesOf, userId);
      await deleteDailyCountsOf(entitiesOf, userId);
      await deleteContactsOf(entitiesOf, userId);
      await deleteSendingHealthOf(entitiesOf, userId);
      await createDynamoTextAllowance(entitiesOf).deleteTextAllowanceOf(userId);
    },
  };
}

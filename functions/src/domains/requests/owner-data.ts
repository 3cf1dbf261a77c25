import { defineOwnerData } from '../../data/owner-data';
import { createDynamoReviewRequestStore, type ReviewRequestStore } from '../../data/review-requests';
import { toApiHook } from './hook-service';
import { toApiBatch, toApiRecipient } from './service';

const byId = (a: string, b: string) => (a < b ? -1 : 1);

/**
 * Review requests in the erasure and the export: a survey's batches, their customers and contact marks, its
 * funnel and its webhook; the owner's suppression list and daily counts. The export's first page holds the
 * batches, the suppression list and the webhooks' settings; each batch's customers follow, page by page, after
 * the survey's responses, as the owner sees them (never a customer's secret or link marks).
 */
export const requestsOwnerData = defineOwnerData<{
  requests: Pick<
    ReviewRequestStore,
    'deleteBySurvey' | 'deleteByOwner' | 'listBatchesBySurvey' | 'pageRecipients' | 'listSuppressions' | 'getHook'
  >;
}>({
  domain: 'requests',
  storesOf: (entities) => ({ requests: createDynamoReviewRequestStore(entities) }),
  create({ requests }) {
    return {
      async eraseSurvey(userId, survey) {
        await requests.deleteBySurvey(userId, survey.id);
        return true;
      },
      eraseOwner: (userId) => requests.deleteByOwner(userId),
      async exportSummary(userId, surveys) {
        const ids = surveys.map((s) => s.id).sort(byId);
        const [suppressions, batches, hooks] = await Promise.all([
          requests.listSuppressions(userId),
          Promise.all(ids.map((id) => requests.listBatchesBySurvey(userId, id))),
          Promise.all(ids.map((id) => requests.getHook(id))),
        ]);
        return {
          requestBatches: batches.flat().map(toApiBatch),
          suppressions,
          requestHooks: hooks.flatMap((h) => (h?.userId === userId ? [toApiHook(h)] : [])),
        };
      },
      exportLists: {
        of: async (userId, surveyId) =>
          (await requests.listBatchesBySurvey(userId, surveyId)).map((b) => b.id).sort(byId),
        async page(_userId, _surveyId, batchId, after, size) {
          const { items, next } = await requests.pageRecipients(batchId, after, size);
          // The owner's own view of each customer, with the batch it belongs to.
          const requestRecipients = items.map((r) => ({ batchId: r.batchId, ...toApiRecipient(r) }));
          return { page: { requestRecipients }, next };
        },
      },
    };
  },
});

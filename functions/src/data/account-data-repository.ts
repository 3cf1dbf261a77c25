import { createHash } from 'node:crypto';
import type { Entities } from './entities';
import type { AccountDataRepository, ErasureJob, SurveyResponseRecord } from './repositories';

const orNull = (value: string | undefined): string | null => (value === undefined || value === '' ? null : value);

/** Batch deletes, retried while DynamoDB hands keys back unprocessed (throttling). */
async function deleteAll<K>(remove: (keys: K[]) => Promise<{ unprocessed: K[] }>, keys: K[], what: string) {
  let pending = keys;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === 8) throw new Error(`Could not delete ${pending.length} ${what}`);
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
    pending = (await remove(pending)).unprocessed;
  }
}

const toJob = (item: {
  userId: string;
  username: string;
  requestedAt: string;
  stage: string;
  updatedAt: string;
}): ErasureJob => ({
  userId: item.userId,
  username: item.username,
  requestedAt: item.requestedAt,
  stage: item.stage === 'cognito' ? 'cognito' : 'table',
  updatedAt: item.updatedAt,
});

/** The erasure tombstone's key: a SHA-256 hash, so the table keeps nothing of an erased user in clear. */
export const erasedUserHash = (userId: string): string => createHash('sha256').update(userId, 'utf8').digest('hex');

/** The export's and the erasure's reads and deletes across the owner's and their surveys' items. */
export function createDynamoAccountDataRepository(entitiesOf: () => Entities): AccountDataRepository {
  return {
    async pageResponses(surveyId, after, limit) {
      const { response } = entitiesOf();
      const query = after
        ? response.query.bySurvey({ surveyId }).gt({ responseId: after })
        : response.query.bySurvey({ surveyId });
      const { data } = await query.go({ order: 'asc', limit, count: limit, consistent: true });
      const items: SurveyResponseRecord[] = data.map((r) => ({
        id: r.responseId,
        surveyId: r.surveyId,
        rating: r.rating,
        comment: orNull(r.comment),
        customerName: orNull(r.customerName),
        customerEmail: orNull(r.customerEmail),
        userAgent: orNull(r.userAgent),
        googleReviewClicked: r.googleReviewClicked,
        createdAt: r.createdAt,
      }));
      return { items, next: items.length === limit ? items[items.length - 1]!.id : null };
    },

    async startErasure(job) {
      const { erasureJob } = entitiesOf();
      try {
        await erasureJob.create(job).go();
        return job;
      } catch (error) {
        const existing = await this.erasure(job.userId);
        if (existing) return existing;
        throw error;
      }
    },

    async erasure(userId) {
      const { erasureJob } = entitiesOf();
      const { data } = await erasureJob.get({ userId }).go({ consistent: true });
      return data ? toJob(data) : undefined;
    },

    async updateErasure(userId, stage, updatedAt) {
      const { erasureJob } = entitiesOf();
      // patch: a job finished meanwhile by another worker is not brought back.
      await erasureJob
        .patch({ userId })
        .set({ stage, updatedAt })
        .go({ response: 'none' })
        .catch((error: unknown) => {
          const e = error as { cause?: { name?: string } };
          if (e.cause?.name !== 'ConditionalCheckFailedException') throw error;
        });
    },

    async pendingErasures(limit) {
      const { erasureJob } = entitiesOf();
      const { data } = await erasureJob.query.byUser({}).go({ limit, count: limit, consistent: true });
      return data.map(toJob).sort((a, b) => (a.requestedAt < b.requestedAt ? -1 : 1));
    },

    async finishErasure(userId) {
      const { erasureJob } = entitiesOf();
      await erasureJob.delete({ userId }).go();
    },

    async markErased(userId, expiresAt) {
      const { erasureTombstone } = entitiesOf();
      await erasureTombstone.put({ userHash: erasedUserHash(userId), expiresAt }).go({ response: 'none' });
    },

    async isErased(userId, now) {
      const { erasureTombstone } = entitiesOf();
      // Consistent: the request that confirmed the deletion may have written it a moment ago.
      const { data } = await erasureTombstone.get({ userHash: erasedUserHash(userId) }).go({ consistent: true });
      // DynamoDB's TTL deletes late: an expired tombstone counts as none.
      return data !== null && data.expiresAt > now;
    },

    async eraseSurveyItems(surveyId, limit) {
      const { response, responseTicket, submission } = entitiesOf();
      const responses = await response.query
        .bySurvey({ surveyId })
        .go({ attributes: ['surveyId', 'responseId'], limit, count: limit, consistent: true });
      if (responses.data.length > 0) {
        const ids = responses.data.map((r) => r.responseId);
        // Tickets first: a ticket whose response is gone is harmless, but it must not be left behind.
        await deleteAll(
          (keys) => responseTicket.delete(keys).go(),
          ids.map((responseId) => ({ responseId })),
          'tickets',
        );
        await deleteAll(
          (keys) => response.delete(keys).go(),
          ids.map((responseId) => ({ surveyId, responseId })),
          'responses',
        );
        return ids.length;
      }
      const submissions = await submission.query
        .byKey({ surveyId })
        .go({ attributes: ['surveyId', 'idempotencyKey'], limit, count: limit, consistent: true });
      if (submissions.data.length === 0) return 0;
      await deleteAll(
        (keys) => submission.delete(keys).go(),
        submissions.data.map(({ idempotencyKey }) => ({ surveyId, idempotencyKey })),
        'idempotency records',
      );
      return submissions.data.length;
    },

    async eraseSurveyRateWindows(surveyId) {
      const { rateWindow } = entitiesOf();
      const clientKey = `survey:${surveyId}`;
      const { data } = await rateWindow.query
        .byClient({ clientKey })
        .go({ attributes: ['clientKey', 'window'], pages: 'all', consistent: true });
      if (data.length === 0) return;
      await deleteAll(
        (keys) => rateWindow.delete(keys).go(),
        data.map(({ window }) => ({ clientKey, window })),
        'rate windows',
      );
    },

    async eraseOwnerRecords(userId) {
      const { profile, payment } = entitiesOf();
      const { data } = await payment.query
        .byOwner({ userId })
        .go({ attributes: ['userId', 'paymentId'], pages: 'all', consistent: true });
      if (data.length > 0)
        await deleteAll(
          (keys) => payment.delete(keys).go(),
          data.map(({ paymentId }) => ({ userId, paymentId })),
          'payments',
        );
      await profile.delete({ userId }).go();
    },
  };
}

import { createHash } from 'node:crypto';
import { isConditionalCheckFailure } from './conditional-check';
import type { Entities } from './entities';
import type { ErasureJob, ErasureRepository } from './repositories';

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

/**
 * The owner of the account erasure's own items: its jobs (`ERASURE/JOB#{userId}`) and tombstones
 * (`ERASED#{hash}/TOMBSTONE`). What an erasure deletes goes through the owners of those items.
 */
export function createDynamoErasureRepository(entitiesOf: () => Entities): ErasureRepository {
  return {
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
          if (!isConditionalCheckFailure(error)) throw error;
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
  };
}

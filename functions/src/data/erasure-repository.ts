import { Entity, type EntityConfiguration } from 'electrodb';
import { createHash } from 'node:crypto';
import { isConditionalCheckFailure } from './conditional-check';
import type { Entities } from './entities';
import type { CancellationReason } from './busy-retry';
import type { TransactionEntities } from './transaction';
import { tableService } from './table-service';

/** An account erasure in progress (decisions 14): its item exists from the confirmation to the last step. */
export interface ErasureJob {
  userId: string;
  /** Cognito's username for the admin calls. */
  username: string;
  requestedAt: string;
  /** What is left: `table` (items and files), then `cognito` (the user itself). */
  stage: 'table' | 'cognito';
  updatedAt: string;
}

/**
 * The account erasure's own items (erasure-repository.ts): its jobs and tombstones. What it erases goes
 * through the owners of those items. Every write is idempotent, so two workers on one job only repeat
 * each other's work.
 */
export interface ErasureRepository {
  /** Creates the job unless one exists; returns the stored job. */
  startErasure(job: ErasureJob): Promise<ErasureJob>;
  erasure(userId: string): Promise<ErasureJob | undefined>;
  updateErasure(userId: string, stage: ErasureJob['stage'], updatedAt: string): Promise<void>;
  /** Unfinished jobs, oldest first, at most `limit`. */
  pendingErasures(limit: number): Promise<ErasureJob[]>;
  finishErasure(userId: string): Promise<void>;
  /**
   * Records (or extends) the user's erasure tombstone until `expiresAt` (epoch seconds): stored under a hash
   * of the user id only, and deleted by the table's TTL afterwards.
   */
  markErased(userId: string, expiresAt: number): Promise<void>;
  /** Whether the user has a tombstone that is live at `now` (epoch seconds); an expired one TTL has not yet deleted is none. */
  isErased(userId: string, now: number): Promise<boolean>;
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

/**
 * The tombstone as a condition INSIDE a creating write of the owner (a transaction item): "this user has no
 * live tombstone at `nowSeconds`". A read before the write cannot close the race with an erasure that starts
 * between the two; as a ConditionCheck in the write's own transaction it can: the erasure writes the tombstone
 * before it lists what to delete, so a write either committed before the tombstone (and the erasure finds and
 * deletes it) or meets the tombstone and writes nothing. Every transaction that can create an item of an
 * owner (their partition or anything keyed by them) includes it, as its LAST item (`tombstoneRefused` reads
 * its reason there).
 */
export const tombstoneAbsent =
  (userId: string, nowSeconds: number) =>
  ({ erasureTombstone }: TransactionEntities) =>
    erasureTombstone
      .check({ userHash: erasedUserHash(userId) })
      // DynamoDB's TTL deletes late: an expired tombstone counts as none.
      .where((attr, op) => `${op.notExists(attr.expiresAt)} OR ${op.lte(attr.expiresAt, nowSeconds)}`)
      .commit();

/** Whether a cancelled transaction whose last item is `tombstoneAbsent` was refused by the tombstone. */
export const tombstoneRefused = (reasons: readonly CancellationReason[]): boolean =>
  reasons[reasons.length - 1]?.code === 'ConditionalCheckFailed';

/** Epoch seconds of a clock in milliseconds (the tombstone's `expiresAt` is in seconds). */
export const epochSeconds = (clock: () => number = Date.now): number => Math.floor(clock() / 1000);

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

/** This module's entities on the one table (`entities.ts` gathers every owner's into the one electrodb Service). */
export function erasureEntities(config: EntityConfiguration) {
  /**
   * An account erasure in progress (decisions 14): created when the owner confirms, deleted as its last
   * step. All jobs share one partition, so the erasure worker finds the unfinished ones with one query.
   */
  const erasureJob = new Entity(
    {
      model: { entity: 'erasureJob', version: '1', service: tableService },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        /** What Cognito's admin calls take (the token's `cognito:username`). */
        username: { type: 'string', required: true, readOnly: true },
        requestedAt: { type: 'string', required: true, readOnly: true },
        /** What is left, for operators: `table`, then `cognito`. */
        stage: { type: 'string', required: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        byUser: {
          pk: { field: 'pk', composite: [], template: 'ERASURE', casing: 'none' },
          sk: { field: 'sk', composite: ['userId'], template: 'JOB#${userId}', casing: 'none' },
        },
      },
    },
    config,
  );

  /**
   * A deleted account, for as long as a token issued before the deletion can still pass the JWT authorizer
   * (the TTL `expiresAt`): routes that create data refuse its user. Keyed by a SHA-256 hash of the user id,
   * so nothing of the user is left in the table once the erasure finished.
   */
  const erasureTombstone = new Entity(
    {
      model: { entity: 'erasureTombstone', version: '1', service: tableService },
      attributes: {
        userHash: { type: 'string', required: true, readOnly: true },
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        byUserHash: {
          pk: { field: 'pk', composite: ['userHash'], template: 'ERASED#${userHash}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'TOMBSTONE', casing: 'none' },
        },
      },
    },
    config,
  );
  return { erasureJob, erasureTombstone };
}

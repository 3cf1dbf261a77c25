import { createHash } from 'node:crypto';
import { Entity, type EntityConfiguration } from 'electrodb';
import { transactWhileBusy } from './busy-retry';
import { allPages } from './paging';
import { isConditionalCheckFailure } from './conditional-check';
import type { Entities } from './entities';
import { tableService } from './table-service';
import type { TransactionEntities } from './transaction';

/**
 * The review requests' send queue (the owning module of its entries), in two levels so that due work is found by
 * a key condition on its due time and taken owner by owner (docs/data-model.md, "The request queue"):
 *
 * - a batch entry per batch with requests (or its reminder) left, in its owner's queue partition
 *   (`REQQUEUE#{userId}`), sorted by due time (`DUE#{dueAt}#{batchId}`): an owner's due batches are one
 *   strongly consistent query `sk < DUE#{now + 1 ms}`;
 * - an owner entry per owner with any batch entry (`REQQUEUE#{userId}/OWNER`), whose `dueAt` says when the
 *   worker takes the owner's next turn, indexed on gsi1 in one of `queueShards` partitions
 *   (`REQQUEUE-DUE#{shard}`, `DUE#{dueAt}#{userId}`): the due owners are a query `gsi1sk < DUE#{now + 1 ms}` per
 *   shard, which reads only due owners, never the queue.
 *
 * An owner entry is never later than the owner's earliest batch entry, except while it is parked (the day's cap
 * reached, the plan lapsed, sending paused): then it is due when the cap resets or the owner pays (`wakeOwner`).
 * Writers only make it earlier and count its `version` up (`scheduleOwner`), before a batch's scheduling
 * transaction and again after it; the worker moves it later or deletes it only on the version it read
 * (`settleOwner`), after a consistent look at the owner's batch entries. A turn that looked before the batch was
 * queued fails its write on the version the second `scheduleOwner` counted up; one that wrote before it is
 * corrected by it. So a batch is never left behind an owner entry that went, and the entry is in no transaction:
 * an owner's batches scheduled at once never conflict on it.
 */

/** Partitions of the owners' index (gsi1): each takes the owner entries' writes of a quarter of the owners. */
export const queueShards = 4;

/** The shard of an owner: fixed by the user id, so an owner's entry never moves between partitions. */
export const queueShardOf = (userId: string): number =>
  createHash('sha256').update(userId, 'utf8').digest().readUInt32BE(0) % queueShards;

/** A batch with requests (or its reminder) left to send, and when the worker looks at it next. */
export interface DueBatch {
  batchId: string;
  userId: string;
  surveyId: string;
  dueAt: string;
}

/** An owner with queued batches: when their next turn is, and the entry's version (the worker's condition). */
export interface QueuedOwner {
  userId: string;
  dueAt: string;
  version: number;
  /** While parked (the day's cap, a lapsed plan, a pause): until when; a new batch does not wake a parked owner. */
  parkedUntil: string | null;
}

/** How the worker leaves an owner after their turn. */
export interface OwnerSettlement {
  /** Parked until then (the cap's reset, spread; the next look at a lapsed plan). */
  parkUntil?: string;
  /** Not before then: the end of the turn, so an owner with more due work goes behind those already waiting. */
  notBefore: string;
}

export interface RequestQueueStore {
  /** Owners whose turn is due at `now` (ISO), longest waiting first, at most `limit` (eventually consistent). */
  dueOwners(now: string, limit: number): Promise<QueuedOwner[]>;
  /** The owner's entry as stored now (consistent), if any. */
  queuedOwner(userId: string): Promise<QueuedOwner | undefined>;
  /** The owner's batch entries due at `now`, oldest due first, at most `limit` (consistent). */
  dueBatchesOf(userId: string, now: string, limit: number): Promise<DueBatch[]>;
  /** The batch's entry, if it is queued (reads the owner's queue partition: tests and deletions). */
  queuedBatch(userId: string, batchId: string): Promise<DueBatch | undefined>;
  /** Looks at the batch again at `dueAt`; an entry moved or gone meanwhile (another run) is left as it is. */
  reschedule(entry: DueBatch, dueAt: string): Promise<void>;
  /** Nothing left to send: the batch entry goes. */
  dequeue(entry: DueBatch): Promise<void>;
  /**
   * After the owner's turn: parked, due again at their earliest batch entry (not before `notBefore`), or gone
   * when they have none. False (nothing written) when the entry is no longer the version the turn read.
   */
  settleOwner(owner: QueuedOwner, settlement: OwnerSettlement): Promise<boolean>;
  /** The owner may send again (a payment, a resumed pause): a parked entry is due at `at`. No entry: nothing. */
  wakeOwner(userId: string, at: string): Promise<void>;
}

type QueueEntities = Pick<Entities, 'requestQueue' | 'requestQueueOwner'>;

const toDue = (d: DueBatch): DueBatch => ({
  batchId: d.batchId,
  userId: d.userId,
  surveyId: d.surveyId,
  dueAt: d.dueAt,
});
const toOwner = (o: { userId: string; dueAt: string; version?: number; parkedUntil?: string }): QueuedOwner => ({
  userId: o.userId,
  dueAt: o.dueAt,
  version: o.version ?? 0,
  parkedUntil: o.parkedUntil ?? null,
});
/** The key condition's bound: every due time up to and including `now` (ISO times have one length). */
const justAfter = (now: string) => new Date(Date.parse(now) + 1).toISOString();

/**
 * The owner's next turn no later than `dueAt` (a batch being scheduled): creates the entry, or moves it earlier
 * unless it is parked; else only counts its version up. Called before the batch's scheduling transaction (the
 * entry is there, and early, before the batch is) and after it (a turn that read the entry in between does not
 * settle it on what it read).
 */
export async function scheduleOwner(entitiesOf: () => QueueEntities, userId: string, dueAt: string): Promise<void> {
  const { requestQueueOwner } = entitiesOf();
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await requestQueueOwner
        .update({ userId })
        .set({ dueAt, shard: queueShardOf(userId) })
        .add({ version: 1 })
        .where((a, op) => `${op.notExists(a.dueAt)} OR (${op.gt(a.dueAt, dueAt)} AND ${op.notExists(a.parkedUntil)})`)
        .go({ response: 'none' });
      return;
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
    try {
      await requestQueueOwner.patch({ userId }).add({ version: 1 }).go({ response: 'none' });
      return;
    } catch (error) {
      // Deleted by the worker between the two writes: made again on the next attempt.
      if (!isConditionalCheckFailure(error)) throw error;
    }
  }
  throw new Error(`Scheduling the queue of owner ${userId}: the entry kept changing`);
}

/**
 * The owner's entry goes if nothing of theirs is queued (a scheduling refused after `scheduleOwner` made it: an
 * erased account keeps no entry; an overlapping write changes the version, and the entry stays for the worker).
 */
export async function dropOwnerIfIdle(entitiesOf: () => QueueEntities, userId: string): Promise<void> {
  const { requestQueue, requestQueueOwner } = entitiesOf();
  const { data: owner } = await requestQueueOwner.get({ userId }).go({ consistent: true });
  if (!owner) return;
  const { data } = await requestQueue.query.byOwner({ userId }).go({ consistent: true, limit: 1 });
  if (data.length > 0) return;
  try {
    await requestQueueOwner
      .delete({ userId })
      .where((a, op) => op.eq(a.version, owner.version ?? 0))
      .go();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/** The batch's entry as an item of its scheduling transaction. */
export const enqueueBatch = ({ requestQueue }: TransactionEntities, due: DueBatch) =>
  requestQueue.put(toDue(due)).commit();

/** Every batch entry of the owner that `keep` selects (one read of the owner's queue partition). */
async function queuedOf(entitiesOf: () => QueueEntities, userId: string, keep: (d: DueBatch) => boolean) {
  const entries = await allPages((cursor) =>
    entitiesOf().requestQueue.query.byOwner({ userId }).go({ cursor, consistent: true }),
  );
  return entries.map(toDue).filter(keep);
}

/** The batch entries of one survey (its deletion), or of one batch, go; the owner's turn finds the rest. */
export async function deleteQueuedOf(
  entitiesOf: () => QueueEntities,
  userId: string,
  which: { surveyId: string } | { batchId: string },
): Promise<void> {
  const keep =
    'batchId' in which ? (d: DueBatch) => d.batchId === which.batchId : (d: DueBatch) => d.surveyId === which.surveyId;
  for (const d of await queuedOf(entitiesOf, userId, keep)) await entitiesOf().requestQueue.delete(d).go();
}

/** The owner's whole queue, their entry with it (the account erasure's). Idempotent. */
export async function deleteQueueOf(entitiesOf: () => QueueEntities, userId: string): Promise<void> {
  for (const d of await queuedOf(entitiesOf, userId, () => true)) await entitiesOf().requestQueue.delete(d).go();
  await entitiesOf().requestQueueOwner.delete({ userId }).go();
}

/**
 * Moves up to `limit` entries of the old one-partition queue into the owners' queues (each in one transaction
 * with its delete, so a crash moves it at most once); answers how many it moved. The worker calls it until it
 * finds none, once per container after that.
 */
export async function migrateLegacyQueue(entitiesOf: () => Entities, limit = 100): Promise<number> {
  const { legacyRequestQueue, service } = entitiesOf();
  const { data } = await legacyRequestQueue.query.byBatch({}).go({ consistent: true, limit });
  for (const old of data) {
    const due = toDue(old);
    await scheduleOwner(entitiesOf, due.userId, due.dueAt);
    await transactWhileBusy(`Moving queued batch ${due.batchId}`, () =>
      service.transaction
        .write((tx) => [enqueueBatch(tx, due), tx.legacyRequestQueue.delete({ batchId: due.batchId }).commit()])
        .go(),
    );
    await scheduleOwner(entitiesOf, due.userId, due.dueAt);
  }
  return data.length;
}

export function createDynamoRequestQueue(entitiesOf: () => Entities): RequestQueueStore {
  const earliest = async (userId: string) => {
    const { data } = await entitiesOf().requestQueue.query.byOwner({ userId }).go({ consistent: true, limit: 1 });
    return data[0];
  };
  return {
    async dueOwners(now, limit) {
      const shards = await Promise.all(
        Array.from({ length: queueShards }, (_, shard) =>
          entitiesOf()
            .requestQueueOwner.query.byDue({ shard })
            .lt({ dueAt: justAfter(now) })
            .go({ limit }),
        ),
      );
      return shards
        .flatMap((s) => s.data.map(toOwner))
        .sort((a, b) => (a.dueAt < b.dueAt ? -1 : a.dueAt > b.dueAt ? 1 : 0))
        .slice(0, limit);
    },

    async queuedOwner(userId) {
      const { data } = await entitiesOf().requestQueueOwner.get({ userId }).go({ consistent: true });
      return data ? toOwner(data) : undefined;
    },

    async dueBatchesOf(userId, now, limit) {
      const { data } = await entitiesOf()
        .requestQueue.query.byOwner({ userId })
        .lt({ dueAt: justAfter(now) })
        .go({ consistent: true, limit });
      return data.map(toDue);
    },

    async queuedBatch(userId, batchId) {
      return (await queuedOf(entitiesOf, userId, (d) => d.batchId === batchId))[0];
    },

    async reschedule(entry, dueAt) {
      if (entry.dueAt === dueAt) return;
      // Refused when an overlapping run moved or dequeued it first: that run's word stands.
      await transactWhileBusy(`Rescheduling batch ${entry.batchId}`, () =>
        entitiesOf()
          .service.transaction.write(({ requestQueue }) => [
            requestQueue
              .delete(toDue(entry))
              .where((a, op) => op.exists(a.batchId))
              .commit(),
            requestQueue.put({ ...toDue(entry), dueAt }).commit(),
          ])
          .go(),
      );
    },

    async dequeue(entry) {
      await entitiesOf().requestQueue.delete(toDue(entry)).go();
    },

    async settleOwner(owner, { parkUntil, notBefore }) {
      const { requestQueueOwner } = entitiesOf();
      try {
        const next = parkUntil === undefined ? await earliest(owner.userId) : undefined;
        if (parkUntil === undefined && !next) {
          await requestQueueOwner
            .delete({ userId: owner.userId })
            .where((a, op) => (owner.version === 0 ? op.notExists(a.version) : op.eq(a.version, owner.version)))
            .go();
          return true;
        }
        const dueAt = parkUntil ?? (next!.dueAt > notBefore ? next!.dueAt : notBefore);
        const update = requestQueueOwner
          .patch({ userId: owner.userId })
          .set({ dueAt, shard: queueShardOf(owner.userId) })
          .add({ version: 1 });
        await (parkUntil ? update.set({ parkedUntil: parkUntil }) : update.remove(['parkedUntil']))
          .where((a, op) => (owner.version === 0 ? op.notExists(a.version) : op.eq(a.version, owner.version)))
          .go({ response: 'none' });
        return true;
      } catch (error) {
        if (isConditionalCheckFailure(error)) return false;
        throw error;
      }
    },

    async wakeOwner(userId, at) {
      try {
        await entitiesOf()
          .requestQueueOwner.patch({ userId })
          .set({ dueAt: at, shard: queueShardOf(userId) })
          .remove(['parkedUntil'])
          .add({ version: 1 })
          .where((a, op) => op.exists(a.parkedUntil))
          .go({ response: 'none' });
      } catch (error) {
        // Not queued, or not parked (then already due no later than its batches).
        if (!isConditionalCheckFailure(error)) throw error;
      }
    },
  };
}

/** This module's entities on the one table (`entities.ts` gathers every owner's into the one electrodb Service). */
export function requestQueueEntities(config: EntityConfiguration) {
  /**
   * A batch with requests (or its reminder) left, in its owner's queue partition sorted by when the worker
   * looks at it next: moving it is a delete and a create in one transaction. Version 2: version 1 was one
   * `REQUEST-QUEUE` partition the worker read whole (`migrateLegacyQueue` moves what is left of it).
   */
  const requestQueue = new Entity(
    {
      model: { entity: 'requestQueue', version: '2', service: tableService },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        dueAt: { type: 'string', required: true, readOnly: true },
        batchId: { type: 'string', required: true, readOnly: true },
        surveyId: { type: 'string', required: true, readOnly: true },
      },
      indexes: {
        byOwner: {
          pk: { field: 'pk', composite: ['userId'], template: 'REQQUEUE#${userId}', casing: 'none' },
          sk: { field: 'sk', composite: ['dueAt', 'batchId'], template: 'DUE#${dueAt}#${batchId}', casing: 'none' },
        },
      },
    },
    config,
  );
  /** An owner with queued batches and when their next turn is: the owners' index (gsi1) is the worker's query. */
  const requestQueueOwner = new Entity(
    {
      model: { entity: 'requestQueueOwner', version: '1', service: tableService },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        shard: { type: 'number', required: true },
        dueAt: { type: 'string', required: true },
        parkedUntil: { type: 'string' },
        version: { type: 'number' },
      },
      indexes: {
        byOwner: {
          pk: { field: 'pk', composite: ['userId'], template: 'REQQUEUE#${userId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'OWNER', casing: 'none' },
        },
        byDue: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['shard'], template: 'REQQUEUE-DUE#${shard}', casing: 'none' },
          sk: { field: 'gsi1sk', composite: ['dueAt', 'userId'], template: 'DUE#${dueAt}#${userId}', casing: 'none' },
        },
      },
    },
    config,
  );
  /**
   * The queue before it had due-time keys: one `REQUEST-QUEUE` partition (`BATCH#{batchId}`). Read only by
   * `migrateLegacyQueue`, which moves its entries into the owners' queues.
   */
  const legacyRequestQueue = new Entity(
    {
      model: { entity: 'requestQueue', version: '1', service: tableService },
      attributes: {
        batchId: { type: 'string', required: true, readOnly: true },
        userId: { type: 'string', required: true, readOnly: true },
        surveyId: { type: 'string', required: true, readOnly: true },
        dueAt: { type: 'string', required: true },
      },
      indexes: {
        byBatch: {
          pk: { field: 'pk', composite: [], template: 'REQUEST-QUEUE', casing: 'none' },
          sk: { field: 'sk', composite: ['batchId'], template: 'BATCH#${batchId}', casing: 'none' },
        },
      },
    },
    config,
  );
  return { requestQueue, requestQueueOwner, legacyRequestQueue };
}

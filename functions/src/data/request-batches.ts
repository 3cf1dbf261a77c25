import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';
import {
  requestBatchSources,
  requestBatchStates,
  type RequestBatchSource,
  type RequestBatchState,
} from '@reviewroute/shared';
import { transactWhileBusy } from './busy-retry';
import { isConditionalCheckFailure } from './conditional-check';
import type { Entities } from './entities';
import { epochSeconds, tombstoneAbsent, tombstoneRefused } from './erasure-repository';
import { allPages } from './paging';
import { hookCallCreate, HookCallTakenError, type HookCallRecord } from './request-hooks';
import {
  deleteQueuedOf,
  deleteQueueOf,
  dropOwnerIfIdle,
  enqueueBatch,
  scheduleOwner,
  type DueBatch,
} from './request-queue';
import {
  deleteRecipientsOf,
  retentionExpiry,
  unsentExpiry,
  writeRecipients,
  type NewRecipient,
} from './request-recipients';
import { tableService } from './table-service';
import { AccountErasedError } from '../lib/erasure-guard';

/**
 * The batches of e-mail review requests (the owning module of the batch item): one per upload or webhook call,
 * in its owner's partition, recorded with its recipients (request-recipients.ts) and then scheduled, in one
 * transaction with its queue entry (request-queue.ts) and, from the webhook, its external id's record
 * (request-hooks.ts).
 */

export interface RequestBatchRecord {
  id: string;
  userId: string;
  surveyId: string;
  state: RequestBatchState;
  total: number;
  template: string | null;
  /** The owner's SMS template; absent or null: each customer's language's default. */
  smsTemplate?: string | null;
  sendAt: string;
  permissionConfirmedAt: string;
  createdAt: string;
  waitingUntil: string | null;
  /** Days until the one reminder; absent or 0: none. */
  reminderDays?: number;
  /** The owner's page or the webhook. */
  source: RequestBatchSource;
}

export interface RequestBatchStore {
  /**
   * Writes a batch (`preparing`), its recipients, its queue entry, then makes it `scheduled`: the worker sends
   * nothing of a batch whose rows are not all written. With `hookCall` (the webhook's external id), the
   * scheduling also creates its record if absent; if present, the batch is deleted again and
   * `HookCallTakenError` thrown: the same external id schedules one batch.
   */
  createBatch(
    batch: RequestBatchRecord,
    recipients: readonly NewRecipient[],
    hookCall?: HookCallRecord,
  ): Promise<RequestBatchRecord>;
  getBatch(userId: string, surveyId: string, batchId: string): Promise<RequestBatchRecord | undefined>;
  /**
   * One page of a survey's batches, newest first: at most `limit`, after the position `cursor` names (a previous
   * page's `next`); `next` is null on the last page. A cursor that is not one of this survey's pages throws
   * `InvalidBatchCursorError`.
   */
  pageBatches(
    userId: string,
    surveyId: string,
    cursor: string | undefined,
    limit: number,
  ): Promise<{ items: RequestBatchRecord[]; next: string | null }>;
  /** Every batch of a survey, newest first: for the account export and the survey's deletion, never a page. */
  listBatchesBySurvey(userId: string, surveyId: string): Promise<RequestBatchRecord[]>;
  /** The batch's state (and when it waits for the next day's cap); a missing batch is no error. */
  setBatchState(
    batch: Pick<DueBatch, 'userId' | 'surveyId' | 'batchId'>,
    state: RequestBatchState,
    waitingUntil: string | null,
    now: string,
  ): Promise<void>;
}

/** A batch page's cursor that is not a position in this survey's batches (forged, mangled or another's). */
export class InvalidBatchCursorError extends Error {
  constructor() {
    super('Invalid batch cursor');
    this.name = 'InvalidBatchCursorError';
  }
}

/**
 * The batch pages' cursor is electrodb's: base64url JSON of DynamoDB's LastEvaluatedKey, the table key of the
 * page's last batch (`requestBatch.byOwner`, below). The in-memory twin makes the same, so both stores
 * take and refuse the same cursors.
 */
const batchKeyOf = (userId: string, surveyId: string, batchId: string) => ({
  pk: `USER#${userId}`,
  sk: `REQBATCH#${surveyId}#${batchId}`,
});

export const batchCursorOf = (userId: string, surveyId: string, batchId: string): string =>
  Buffer.from(JSON.stringify(batchKeyOf(userId, surveyId, batchId))).toString('base64url');

/**
 * The batch id a cursor stops after, if it is a key of this owner's survey's batches; else it throws
 * `InvalidBatchCursorError`. Checked before DynamoDB sees it, so a cursor can never start a query elsewhere.
 */
export function batchOfCursor(cursor: string, userId: string, surveyId: string): string {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidBatchCursorError();
  }
  const prefix = `REQBATCH#${surveyId}#`;
  if (
    typeof key !== 'object' ||
    key === null ||
    Object.keys(key).sort().join() !== 'pk,sk' ||
    (key as Record<string, unknown>).pk !== `USER#${userId}`
  )
    throw new InvalidBatchCursorError();
  const sk = (key as Record<string, unknown>).sk;
  if (typeof sk !== 'string' || !sk.startsWith(prefix) || !/^[A-Za-z0-9-]{1,64}$/.test(sk.slice(prefix.length)))
    throw new InvalidBatchCursorError();
  return sk.slice(prefix.length);
}

/** The batch as stored (electrodb's item of the entity below). */
type BatchItem = EntityItem<Entities['requestBatch']>;

const toBatch = (item: BatchItem): RequestBatchRecord => ({
  id: item.batchId,
  userId: item.userId,
  surveyId: item.surveyId,
  state: item.state,
  total: item.total,
  template: item.template ?? null,
  smsTemplate: item.smsTemplate ?? null,
  sendAt: item.sendAt,
  permissionConfirmedAt: item.permissionConfirmedAt,
  createdAt: item.createdAt,
  waitingUntil: item.waitingUntil ?? null,
  reminderDays: item.reminderDays ?? 0,
  source: item.source ?? 'upload',
});

/** A batch with its queue entry and recipients: the queue entry first (the worker stops looking at it), the batch item last, so a failed delete is found again. */
export async function deleteBatch(
  entitiesOf: () => Entities,
  userId: string,
  surveyId: string,
  batchId: string,
  { queued = true }: { queued?: boolean } = {},
): Promise<void> {
  const { requestBatch } = entitiesOf();
  // Callers that delete many batches of an owner delete their queue entries first, in one read (`queued: false`).
  if (queued) await deleteQueuedOf(entitiesOf, userId, { batchId });
  await deleteRecipientsOf(entitiesOf, batchId);
  await requestBatch.delete({ userId, surveyId, batchId }).go();
}

/** Every batch of the owner, with its queue entry and recipients (the account erasure's). Idempotent. */
export async function deleteBatchesOf(entitiesOf: () => Entities, userId: string): Promise<void> {
  const batches = await allPages((cursor) =>
    entitiesOf()
      .requestBatch.query.byOwner({ userId })
      .go({ cursor, consistent: true, attributes: ['surveyId', 'batchId'] }),
  );
  await deleteQueueOf(entitiesOf, userId);
  for (const b of batches) await deleteBatch(entitiesOf, userId, b.surveyId, b.batchId, { queued: false });
}

/**
 * The batches on the one table (docs/data-model.md "E-mail review requests"). `clock`: the time the tombstone
 * condition of a batch's creating writes is evaluated at (ms).
 */
export function createDynamoRequestBatches(
  entitiesOf: () => Entities,
  clock: () => number = Date.now,
): RequestBatchStore {
  const store: RequestBatchStore = {
    async createBatch(batch, recipients, hookCall) {
      const { service } = entitiesOf();
      const base = {
        userId: batch.userId,
        surveyId: batch.surveyId,
        batchId: batch.id,
        total: batch.total,
        sendAt: batch.sendAt,
        permissionConfirmedAt: batch.permissionConfirmedAt,
        createdAt: batch.createdAt,
        updatedAt: batch.createdAt,
        source: batch.source,
        expiresAt: unsentExpiry(batch.sendAt),
        ...(batch.template ? { template: batch.template } : {}),
        ...(batch.smsTemplate ? { smsTemplate: batch.smsTemplate } : {}),
        ...((batch.reminderDays ?? 0) > 0 ? { reminderDays: batch.reminderDays } : {}),
      };
      // The batch and its scheduling each carry the owner's tombstone as a condition. The recipients between
      // them are a batch write, which takes no condition: an erasure that deleted the batch while they were
      // written finds them no more, so the scheduling's refusal deletes them here.
      const created = await transactWhileBusy(`Creating batch ${batch.id}`, () =>
        service.transaction
          .write((tx) => [
            tx.requestBatch.create({ ...base, state: 'preparing' }).commit(),
            tombstoneAbsent(batch.userId, epochSeconds(clock))(tx),
          ])
          .go(),
      );
      if (created && tombstoneRefused(created)) throw new AccountErasedError(`Creating batch ${batch.id}`);
      if (created) throw new Error(`Creating batch ${batch.id} was refused: ${created.map((r) => r.code).join(', ')}`);
      await writeRecipients(entitiesOf, recipients, unsentExpiry(batch.sendAt));
      const due = { batchId: batch.id, userId: batch.userId, surveyId: batch.surveyId, dueAt: batch.sendAt };
      // The owner's turn no later than the batch before and after it is queued (request-queue.ts says why); the
      // owner's entry is kept out of the transaction, so an owner's batches scheduled at once never conflict on it.
      await scheduleOwner(entitiesOf, batch.userId, batch.sendAt);
      const scheduled = await transactWhileBusy(`Scheduling batch ${batch.id}`, () =>
        service.transaction
          .write((tx) => [
            enqueueBatch(tx, due),
            tx.requestBatch
              .patch({ userId: batch.userId, surveyId: batch.surveyId, batchId: batch.id })
              .set({ state: 'scheduled' })
              .commit(),
            ...(hookCall ? [hookCallCreate(hookCall)(tx)] : []),
            tombstoneAbsent(batch.userId, epochSeconds(clock))(tx),
          ])
          .go(),
      );
      if (scheduled) {
        // Erased meanwhile (or the batch deleted with its survey): nothing of it may stay.
        await deleteBatch(entitiesOf, batch.userId, batch.surveyId, batch.id, { queued: false });
        await dropOwnerIfIdle(entitiesOf, batch.userId);
        if (tombstoneRefused(scheduled)) throw new AccountErasedError(`Scheduling batch ${batch.id}`);
        if (hookCall && scheduled[2]?.code === 'ConditionalCheckFailed')
          throw new HookCallTakenError(hookCall.externalIdHash);
        throw new Error(`Scheduling batch ${batch.id} was refused: ${scheduled.map((r) => r.code).join(', ')}`);
      }
      await scheduleOwner(entitiesOf, batch.userId, batch.sendAt);
      return { ...batch, state: 'scheduled' };
    },

    async getBatch(userId, surveyId, batchId) {
      const { data } = await entitiesOf().requestBatch.get({ userId, surveyId, batchId }).go({ consistent: true });
      return data ? toBatch(data) : undefined;
    },

    async pageBatches(userId, surveyId, cursor, limit) {
      if (cursor !== undefined) batchOfCursor(cursor, userId, surveyId);
      const query = () => entitiesOf().requestBatch.query.byOwner({ userId, surveyId });
      const page = await query().go({ cursor: cursor ?? null, limit, order: 'desc', consistent: true });
      let next = page.cursor;
      // DynamoDB names where a full page stopped even when nothing follows it: one key's look past it lets the
      // last page say it is the last, so the list never offers a page that turns out empty.
      if (next && page.data.length === limit) {
        const after = await query().go({
          cursor: next,
          limit: 1,
          order: 'desc',
          consistent: true,
          attributes: ['batchId'],
        });
        if (after.data.length === 0) next = null;
      }
      return { items: page.data.map(toBatch), next };
    },

    async listBatchesBySurvey(userId, surveyId) {
      const items = await allPages((cursor) =>
        entitiesOf().requestBatch.query.byOwner({ userId, surveyId }).go({ cursor, consistent: true, order: 'desc' }),
      );
      return items.map(toBatch);
    },

    async setBatchState({ userId, surveyId, batchId }, state, waitingUntil, now) {
      // A done batch expires with its customers' data (`requestRetentionDays` on).
      const update = entitiesOf()
        .requestBatch.patch({ userId, surveyId, batchId })
        .set({ state, updatedAt: now, ...(state === 'done' ? { expiresAt: retentionExpiry(now) } : {}) });
      try {
        await (waitingUntil ? update.set({ waitingUntil }) : update.remove(['waitingUntil'])).go();
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
      }
    },
  };
  return store;
}

/** This module's entities on the one table (`entities.ts` gathers every owner's into the one electrodb Service). */
export function requestBatchEntities(config: EntityConfiguration) {
  /**
   * A batch of e-mail review requests for one survey, in its owner's partition (the owner's export and erasure
   * find it there; a survey's batches are one `begins_with` query). It records the owner's permission
   * confirmation and when it was given. Expires (TTL) `requestRetentionDays` after it is done.
   */
  const requestBatch = new Entity(
    {
      model: { entity: 'requestBatch', version: '1', service: tableService },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        surveyId: { type: 'string', required: true, readOnly: true },
        batchId: { type: 'string', required: true, readOnly: true },
        state: { type: [...requestBatchStates], required: true },
        total: { type: 'number', required: true },
        /** The owner's text; absent: the default of each customer's language. */
        template: { type: 'string' },
        /** The owner's SMS template; absent: the default of each customer's language. */
        smsTemplate: { type: 'string' },
        sendAt: { type: 'string', required: true },
        permissionConfirmedAt: { type: 'string', required: true, readOnly: true },
        createdAt: { type: 'string', required: true, readOnly: true },
        /** While the day's cap holds the rest back: when sending resumes. */
        waitingUntil: { type: 'string' },
        updatedAt: { type: 'string' },
        /** Days after its request a customer who has not rated is reminded, once (absent or 0: never). */
        reminderDays: { type: 'number' },
        /** The owner's page or the webhook; absent on batches stored before the webhook: `upload`. */
        source: { type: [...requestBatchSources], readOnly: true },
        /** Epoch seconds: the table's TTL deletes the batch then (`requestRetentionDays` after it is done). */
        expiresAt: { type: 'number' },
      },
      indexes: {
        byOwner: {
          pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}', casing: 'none' },
          sk: {
            field: 'sk',
            composite: ['surveyId', 'batchId'],
            template: 'REQBATCH#${surveyId}#${batchId}',
            casing: 'none',
          },
        },
      },
    },
    config,
  );
  return { requestBatch };
}

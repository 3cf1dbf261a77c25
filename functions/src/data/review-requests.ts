import { Entity, type EntityConfiguration } from 'electrodb';
import { createHash } from 'node:crypto';
import {
  languages,
  requestBatchSources,
  requestBatchStates,
  requestRecipientStates,
  requestSkipReasons,
  suppressionReasons,
  type FunnelStage,
  type Language,
  type RequestFunnel,
  type RequestBatchSource,
  type RequestBatchState,
  type RequestRecipientState,
  type RequestSkipReason,
  type SuppressionReason,
} from '@reviewroute/shared';
import { transactWhileBusy } from './busy-retry';
import { deleteInBatches } from './batch-delete';
import { isConditionalCheckFailure } from './conditional-check';
import type { Entities } from './entities';
import { epochSeconds, tombstoneAbsent, tombstoneRefused } from './erasure-repository';
import { AccountErasedError } from '../lib/erasure-guard';
import {
  createDynamoHookMethods,
  hookCallCreate,
  HookCallTakenError,
  type HookCallRecord,
  type RequestHookMethods,
} from './request-hooks';
import { service } from './table-service';

/**
 * E-mail review requests (the owning module of the request batch, its queue entry, its recipients, the
 * "asked recently" contact marks, the owner's suppression list and the daily counts): the only writer of
 * those items. The requests service (the API) and the requests worker use it; the survey delete and the
 * account export and erasure reach its items through `…BySurvey` / `…ByOwner`.
 */

export interface RequestBatchRecord {
  id: string;
  userId: string;
  surveyId: string;
  state: RequestBatchState;
  total: number;
  template: string | null;
  sendAt: string;
  permissionConfirmedAt: string;
  createdAt: string;
  waitingUntil: string | null;
  /** Days until the one reminder; absent or 0: none. */
  reminderDays?: number;
  /** The owner's page or the webhook. */
  source: RequestBatchSource;
}

/** The one reminder of a request: claimed before its mail (never sent twice), then sent or failed. */
export type ReminderState = 'sending' | 'sent' | 'failed';

export interface RecipientRecord {
  batchId: string;
  /** The row's index, zero-padded: the partition's order. */
  id: string;
  userId: string;
  surveyId: string;
  name: string;
  email: string;
  language: Language;
  /** The random part of the personal token (never shown to anyone but the customer, in their mail). */
  secret: string;
  state: RequestRecipientState;
  reason: RequestSkipReason | null;
  claimedAt: string | null;
  sentAt: string | null;
  /** What the customer did with the personal link. */
  openedAt: string | null;
  ratedAt: string | null;
  clickedAt: string | null;
  /** The funnel steps already counted in the survey's funnel (the funnel worker's marks). */
  counted: FunnelStage[];
  reminderState: ReminderState | null;
  reminderClaimedAt: string | null;
  remindedAt: string | null;
}

export type NewRecipient = Pick<
  RecipientRecord,
  'batchId' | 'id' | 'userId' | 'surveyId' | 'name' | 'email' | 'language' | 'secret'
>;

/** The link steps the public page reports; each implies the ones before it. */
export type LinkStage = 'opened' | 'rated' | 'clicked';
export const linkStages = ['opened', 'rated', 'clicked'] as const satisfies readonly LinkStage[];

/** The funnel steps a recipient has reached (from its state and link marks), in funnel order. */
export function reachedStages(r: Pick<RecipientRecord, 'state' | 'openedAt' | 'ratedAt' | 'clickedAt'>): FunnelStage[] {
  const out: FunnelStage[] = [];
  if (r.state === 'sent') out.push('sent');
  if (r.openedAt) out.push('opened');
  if (r.ratedAt) out.push('rated');
  if (r.clickedAt) out.push('clicked');
  return out;
}

/**
 * What counting a recipient's steps found: `counted` (the steps' marks set and the funnel raised, in one
 * transaction), `stale` (a mark was set meanwhile, or the step is not reached: read again), `gone` (the
 * recipient was deleted: nothing to count, and the funnel is not recreated).
 */
export type FunnelCountOutcome = 'counted' | 'stale' | 'gone';

/** What a reminder's claim found. */
export type ReminderClaimOutcome = 'claimed' | 'not-eligible' | 'suppressed' | 'capped';

/** A batch with requests left to send, and when the worker looks at it next. */
export interface DueBatch {
  batchId: string;
  userId: string;
  surveyId: string;
  dueAt: string;
}

/**
 * What a claim found: `claimed` (the recipient is `sending` now, its address marked as asked and counted in the
 * day); otherwise nothing changed: `suppressed` (on the owner's list), `recently-asked` (this survey asked the
 * address within the window), `capped` (the day's cap is reached), `not-queued` (claimed or settled before:
 * a retry, or another run).
 */
export type ClaimOutcome = 'claimed' | 'suppressed' | 'recently-asked' | 'capped' | 'not-queued';

export interface ClaimInput {
  recipient: Pick<RecipientRecord, 'batchId' | 'id' | 'userId' | 'surveyId' | 'email'>;
  now: string;
  /** Asked before this time: may be asked again. */
  askedBefore: string;
  /** Epoch seconds the contact mark expires (the end of the window). */
  contactExpiresAt: number;
  /** The UTC day (`YYYY-MM-DD`) and its cap. */
  day: string;
  dailyCap: number;
}

export interface ReviewRequestStore extends RequestHookMethods {
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
  /** A page of a batch's recipients in row order, after the given id; `next` when more may follow. */
  pageRecipients(
    batchId: string,
    after: string | undefined,
    limit: number,
  ): Promise<{ items: RecipientRecord[]; next: string | null }>;
  getRecipient(batchId: string, recipientId: string): Promise<RecipientRecord | undefined>;

  /** Batches due at `now` (ISO), oldest due first, at most `limit`. */
  dueBatches(now: string, limit: number): Promise<DueBatch[]>;
  /** The batch's state (and when it waits for the next day's cap); a missing batch is no error. */
  setBatchState(
    batch: Pick<DueBatch, 'userId' | 'surveyId' | 'batchId'>,
    state: RequestBatchState,
    waitingUntil: string | null,
    now: string,
  ): Promise<void>;
  /** Looks at the batch again at `dueAt`. */
  reschedule(batchId: string, dueAt: string): Promise<void>;
  /** Nothing left to send: the queue entry goes. */
  dequeue(batchId: string): Promise<void>;

  /** The owner's suppressions among these address hashes. */
  suppressionsOf(userId: string, hashes: readonly string[]): Promise<Map<string, SuppressionReason>>;
  /** queued -> sending, in one transaction with the address's contact mark, the suppression check and the day's count. */
  claim(input: ClaimInput): Promise<ClaimOutcome>;
  /** sending -> sent. */
  markSent(batchId: string, recipientId: string, sentAt: string): Promise<void>;
  /** queued -> skipped with the reason; false when it was not queued. */
  skip(batchId: string, recipientId: string, reason: RequestSkipReason): Promise<boolean>;
  /** sending -> failed with the reason (SES refused it; or an interrupted send, never retried). */
  fail(batchId: string, recipientId: string, reason: RequestSkipReason): Promise<void>;
  /**
   * Gives a claim back (the send did not happen: SES was busy): sending -> queued, the contact mark removed if
   * it is this recipient's, the day's count less one.
   */
  release(
    recipient: Pick<RecipientRecord, 'batchId' | 'id' | 'userId' | 'surveyId' | 'email'>,
    day: string,
  ): Promise<void>;

  /** Puts the address on the owner's suppression list (a hash of it); an existing entry keeps its first reason. */
  suppress(userId: string, email: string, reason: SuppressionReason, at: string): Promise<void>;
  listSuppressions(userId: string): Promise<{ addressHash: string; reason: SuppressionReason; createdAt: string }[]>;

  /**
   * Marks what the customer did with the personal link (only the marks not set yet are written; a deleted
   * recipient is not recreated).
   */
  markLink(batchId: string, recipientId: string, marks: Partial<Record<`${LinkStage}At`, string>>): Promise<void>;
  /** One transaction: the recipient's marks of `stages` (each if absent, the step reached) and the survey's funnel ADD. */
  countFunnel(
    recipient: Pick<RecipientRecord, 'batchId' | 'id' | 'surveyId'>,
    stages: readonly FunnelStage[],
  ): Promise<FunnelCountOutcome>;
  /** The survey's funnel (zeros until something is counted). */
  getFunnel(surveyId: string): Promise<RequestFunnel>;

  /**
   * The one reminder's claim, in one transaction: the recipient (sent, not rated, no reminder yet) -> reminder
   * `sending`, the suppression check, the day's count under the cap.
   */
  claimReminder(input: Omit<ClaimInput, 'askedBefore' | 'contactExpiresAt'>): Promise<ReminderClaimOutcome>;
  /** reminder sending -> sent. */
  markReminded(batchId: string, recipientId: string, at: string): Promise<void>;
  /** reminder sending -> failed (refused, or interrupted): never sent again. */
  failReminder(batchId: string, recipientId: string): Promise<void>;
  /** Gives a reminder's claim back (SES was busy): the reminder state removed, the day's count less one. */
  releaseReminder(recipient: Pick<RecipientRecord, 'batchId' | 'id' | 'userId'>, day: string): Promise<void>;

  /** A survey's batches, their recipients and queue entries, its contact marks and its webhook. Idempotent. */
  deleteBySurvey(userId: string, surveyId: string): Promise<void>;
  /** Everything of the owner: every batch (and its recipients), the suppression list, the daily counts. Idempotent. */
  deleteByOwner(userId: string): Promise<void>;
}

/** How an address is keyed (suppressions, contact marks): SHA-256 of its trimmed lower-case form, never the address. */
export const addressHashOf = (email: string): string =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** A batch page's cursor that is not a position in this survey's batches (forged, mangled or another's). */
export class InvalidBatchCursorError extends Error {
  constructor() {
    super('Invalid batch cursor');
    this.name = 'InvalidBatchCursorError';
  }
}

/**
 * The batch pages' cursor is electrodb's: base64url JSON of DynamoDB's LastEvaluatedKey, the table key of the
 * page's last batch (entities.ts, `requestBatch.byOwner`). The in-memory twin makes the same, so both stores
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

/** Row index -> recipient id: zero-padded so the partition sorts in row order. */
export const recipientIdOf = (index: number): string => String(index).padStart(5, '0');

type BatchItem = {
  userId: string;
  surveyId: string;
  batchId: string;
  state: RequestBatchState;
  total: number;
  template?: string;
  sendAt: string;
  permissionConfirmedAt: string;
  createdAt: string;
  waitingUntil?: string;
  reminderDays?: number;
  source?: RequestBatchSource;
};

const toBatch = (item: BatchItem): RequestBatchRecord => ({
  id: item.batchId,
  userId: item.userId,
  surveyId: item.surveyId,
  state: item.state,
  total: item.total,
  template: item.template ?? null,
  sendAt: item.sendAt,
  permissionConfirmedAt: item.permissionConfirmedAt,
  createdAt: item.createdAt,
  waitingUntil: item.waitingUntil ?? null,
  reminderDays: item.reminderDays ?? 0,
  source: item.source ?? 'upload',
});

type RecipientItem = {
  batchId: string;
  recipientId: string;
  userId: string;
  surveyId: string;
  name: string;
  email: string;
  language: Language;
  secret: string;
  state: RequestRecipientState;
  reason?: RequestSkipReason;
  claimedAt?: string;
  sentAt?: string;
  openedAt?: string;
  ratedAt?: string;
  clickedAt?: string;
  sentCounted?: boolean;
  openedCounted?: boolean;
  ratedCounted?: boolean;
  clickedCounted?: boolean;
  reminderState?: ReminderState;
  reminderClaimedAt?: string;
  remindedAt?: string;
};

/** The recipient item's mark of a funnel step. */
const countedAttribute = {
  sent: 'sentCounted',
  opened: 'openedCounted',
  rated: 'ratedCounted',
  clicked: 'clickedCounted',
} as const satisfies Record<FunnelStage, keyof RecipientItem>;

const toRecipient = (item: RecipientItem): RecipientRecord => ({
  batchId: item.batchId,
  id: item.recipientId,
  userId: item.userId,
  surveyId: item.surveyId,
  name: item.name,
  email: item.email,
  language: item.language,
  secret: item.secret,
  state: item.state,
  reason: item.reason ?? null,
  claimedAt: item.claimedAt ?? null,
  sentAt: item.sentAt ?? null,
  openedAt: item.openedAt ?? null,
  ratedAt: item.ratedAt ?? null,
  clickedAt: item.clickedAt ?? null,
  counted: (Object.keys(countedAttribute) as FunnelStage[]).filter((stage) => item[countedAttribute[stage]] === true),
  reminderState: item.reminderState ?? null,
  reminderClaimedAt: item.reminderClaimedAt ?? null,
  remindedAt: item.remindedAt ?? null,
});

/** The day's counts outlive their day by one (TTL), so a run at midnight still reads the right one. */
const dayCountExpiry = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 2 * 24 * 3600;

/** BatchWriteItem deletes of `keys`, retrying what DynamoDB leaves unprocessed. */
const deleteAll = <K>(remove: (keys: K[]) => Promise<{ unprocessed: unknown[] }>, keys: K[], what: string) =>
  deleteInBatches(async (batch: K[]) => ({ unprocessed: (await remove(batch)).unprocessed as K[] }), keys, what);

/** The entities a transaction's items are made from. */
type TransactionEntities = Parameters<Parameters<Entities['service']['transaction']['write']>[0]>[0];

/**
 * What every mail's claim (the request's and the reminder's) also asks of the table, in its own transaction:
 * the address is not on the owner's suppression list, and the owner's day stays below the plan's cap (counted
 * by the claim itself). In this order, after the claim's own items: the callers read the refusals by index.
 */
function sendGuards(
  { suppression, requestDailyCount }: Pick<TransactionEntities, 'suppression' | 'requestDailyCount'>,
  userId: string,
  addressHash: string,
  day: string,
  dailyCap: number,
) {
  return [
    suppression
      .check({ userId, addressHash })
      .where((attr, op) => op.notExists(attr.reason))
      .commit(),
    requestDailyCount
      .update({ userId, day })
      .add({ count: 1 })
      .set({ expiresAt: dayCountExpiry(day) })
      .where((attr, op) => `${op.notExists(attr.count)} OR ${op.lt(attr.count, dailyCap)}`)
      .commit(),
  ] as const;
}

/**
 * The store on the one table (docs/data-model.md "E-mail review requests"). `clock`: the time the tombstone
 * condition of a batch's creating writes is evaluated at (ms).
 */
export function createDynamoReviewRequestStore(
  entitiesOf: () => Entities,
  clock: () => number = Date.now,
): ReviewRequestStore {
  async function allPages<T>(page: (cursor: string | null) => Promise<{ data: T[]; cursor: string | null }>) {
    const out: T[] = [];
    let cursor: string | null = null;
    do {
      const result = await page(cursor);
      out.push(...result.data);
      cursor = result.cursor;
    } while (cursor);
    return out;
  }

  async function deleteBatch(userId: string, surveyId: string, batchId: string) {
    const { requestRecipient, requestQueue, requestBatch } = entitiesOf();
    // Queue entry first: the worker stops looking at it; the batch item last, so a failed delete is found again.
    await requestQueue.delete({ batchId }).go();
    for (;;) {
      const { data } = await requestRecipient.query
        .byBatch({ batchId })
        .go({ limit: 500, attributes: ['batchId', 'recipientId'] });
      if (data.length === 0) break;
      await deleteAll(
        (keys) => requestRecipient.delete(keys).go(),
        data.map((r) => ({ batchId: r.batchId, recipientId: r.recipientId })),
        'review-request recipients',
      );
    }
    await requestBatch.delete({ userId, surveyId, batchId }).go();
  }

  const store: ReviewRequestStore = {
    ...createDynamoHookMethods(entitiesOf, clock),

    async createBatch(batch, recipients, hookCall) {
      const { requestRecipient, service } = entitiesOf();
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
        ...(batch.template ? { template: batch.template } : {}),
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
      const items = recipients.map((r) => ({
        batchId: r.batchId,
        recipientId: r.id,
        userId: r.userId,
        surveyId: r.surveyId,
        name: r.name,
        email: r.email,
        language: r.language,
        secret: r.secret,
        state: 'queued' as const,
      }));
      // Written in parallel slices: electrodb splits each into BatchWriteItem calls of 25.
      const slice = 250;
      const slices: (typeof items)[] = [];
      for (let i = 0; i < items.length; i += slice) slices.push(items.slice(i, i + slice));
      for (let i = 0; i < slices.length; i += 4)
        await Promise.all(
          slices.slice(i, i + 4).map((part) =>
            deleteInBatches(
              async (pending) => {
                const { unprocessed } = await requestRecipient.put(pending).go();
                const left = new Set(unprocessed.map((u) => u.recipientId));
                return { unprocessed: pending.filter((p) => left.has(p.recipientId)) };
              },
              part,
              'review-request recipients',
            ),
          ),
        );
      const scheduled = await transactWhileBusy(`Scheduling batch ${batch.id}`, () =>
        service.transaction
          .write((tx) => [
            tx.requestQueue
              .put({ batchId: batch.id, userId: batch.userId, surveyId: batch.surveyId, dueAt: batch.sendAt })
              .commit(),
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
        await deleteBatch(batch.userId, batch.surveyId, batch.id);
        if (tombstoneRefused(scheduled)) throw new AccountErasedError(`Scheduling batch ${batch.id}`);
        if (hookCall && scheduled[2]?.code === 'ConditionalCheckFailed')
          throw new HookCallTakenError(hookCall.externalIdHash);
        throw new Error(`Scheduling batch ${batch.id} was refused: ${scheduled.map((r) => r.code).join(', ')}`);
      }
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

    async pageRecipients(batchId, after, limit) {
      const query = entitiesOf().requestRecipient.query.byBatch({ batchId });
      const { data } = await (after === undefined ? query : query.gt({ recipientId: after })).go({
        limit,
        consistent: true,
      });
      const items = data.map(toRecipient);
      return { items, next: items.length === limit ? items[items.length - 1]!.id : null };
    },

    async getRecipient(batchId, recipientId) {
      const { data } = await entitiesOf().requestRecipient.get({ batchId, recipientId }).go({ consistent: true });
      return data ? toRecipient(data) : undefined;
    },

    async dueBatches(now, limit) {
      const { data } = await entitiesOf().requestQueue.query.byBatch({}).go({ consistent: true, pages: 'all' });
      return data
        .filter((d) => d.dueAt <= now)
        .sort((a, b) => (a.dueAt < b.dueAt ? -1 : 1))
        .slice(0, limit)
        .map((d) => ({ batchId: d.batchId, userId: d.userId, surveyId: d.surveyId, dueAt: d.dueAt }));
    },

    async setBatchState({ userId, surveyId, batchId }, state, waitingUntil, now) {
      const update = entitiesOf().requestBatch.patch({ userId, surveyId, batchId }).set({ state, updatedAt: now });
      try {
        await (waitingUntil ? update.set({ waitingUntil }) : update.remove(['waitingUntil'])).go();
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
      }
    },

    async reschedule(batchId, dueAt) {
      try {
        await entitiesOf().requestQueue.patch({ batchId }).set({ dueAt }).go();
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
      }
    },

    async dequeue(batchId) {
      await entitiesOf().requestQueue.delete({ batchId }).go();
    },

    async suppressionsOf(userId, hashes) {
      const unique = [...new Set(hashes)];
      if (unique.length === 0) return new Map();
      const { data } = await entitiesOf()
        .suppression.get(unique.map((addressHash) => ({ userId, addressHash })))
        .go({ consistent: true });
      return new Map(data.map((s) => [s.addressHash, s.reason]));
    },

    async claim({ recipient, now, askedBefore, contactExpiresAt, day, dailyCap }) {
      const addressHash = addressHashOf(recipient.email);
      const { service } = entitiesOf();
      const reasons = await transactWhileBusy(`Claiming request ${recipient.batchId}/${recipient.id}`, () =>
        service.transaction
          .write(({ requestRecipient, requestContact, ...guards }) => [
            requestRecipient
              .patch({ batchId: recipient.batchId, recipientId: recipient.id })
              .set({ state: 'sending', claimedAt: now })
              .where((attr, op) => op.eq(attr.state, 'queued'))
              .commit(),
            requestContact
              .put({
                surveyId: recipient.surveyId,
                addressHash,
                batchId: recipient.batchId,
                recipientId: recipient.id,
                contactedAt: now,
                expiresAt: contactExpiresAt,
              })
              .where((attr, op) => `${op.notExists(attr.contactedAt)} OR ${op.lt(attr.contactedAt, askedBefore)}`)
              .commit(),
            ...sendGuards(guards, recipient.userId, addressHash, day, dailyCap),
          ])
          .go(),
      );
      if (!reasons) return 'claimed';
      const failed = (i: number) => reasons[i]?.code === 'ConditionalCheckFailed';
      if (failed(0)) return 'not-queued';
      if (failed(2)) return 'suppressed';
      if (failed(1)) return 'recently-asked';
      if (failed(3)) return 'capped';
      throw new Error(`Claim refused: ${reasons.map((r) => r.code).join(', ')}`);
    },

    async markSent(batchId, recipientId, sentAt) {
      await entitiesOf()
        .requestRecipient.patch({ batchId, recipientId })
        .set({ state: 'sent', sentAt })
        .where((attr, op) => op.eq(attr.state, 'sending'))
        .go();
    },

    async skip(batchId, recipientId, reason) {
      try {
        await entitiesOf()
          .requestRecipient.patch({ batchId, recipientId })
          .set({ state: 'skipped', reason })
          .where((attr, op) => op.eq(attr.state, 'queued'))
          .go();
        return true;
      } catch (error) {
        if (isConditionalCheckFailure(error)) return false;
        throw error;
      }
    },

    async fail(batchId, recipientId, reason) {
      try {
        await entitiesOf()
          .requestRecipient.patch({ batchId, recipientId })
          .set({ state: 'failed', reason })
          .where((attr, op) => op.eq(attr.state, 'sending'))
          .go();
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
      }
    },

    async release(recipient, day) {
      const { requestRecipient, requestContact, requestDailyCount } = entitiesOf();
      const addressHash = addressHashOf(recipient.email);
      await requestContact
        .delete({ surveyId: recipient.surveyId, addressHash })
        .where((attr, op) => `${op.eq(attr.batchId, recipient.batchId)} AND ${op.eq(attr.recipientId, recipient.id)}`)
        .go()
        .catch((error: unknown) => {
          if (!isConditionalCheckFailure(error)) throw error;
        });
      await requestDailyCount.update({ userId: recipient.userId, day }).add({ count: -1 }).go();
      await requestRecipient
        .patch({ batchId: recipient.batchId, recipientId: recipient.id })
        .set({ state: 'queued' })
        .remove(['claimedAt'])
        .where((attr, op) => op.eq(attr.state, 'sending'))
        .go()
        .catch((error: unknown) => {
          if (!isConditionalCheckFailure(error)) throw error;
        });
    },

    async suppress(userId, email, reason, at) {
      try {
        await entitiesOf()
          .suppression.create({ userId, addressHash: addressHashOf(email), reason, createdAt: at })
          .go();
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
      }
    },

    async listSuppressions(userId) {
      const items = await allPages((cursor) =>
        entitiesOf().suppression.query.byOwner({ userId }).go({ cursor, consistent: true }),
      );
      return items.map((s) => ({ addressHash: s.addressHash, reason: s.reason, createdAt: s.createdAt }));
    },

    async markLink(batchId, recipientId, marks) {
      const set = Object.fromEntries(Object.entries(marks).filter(([, v]) => v));
      if (Object.keys(set).length === 0) return;
      try {
        // patch: only an existing recipient (a deleted one is not recreated).
        await entitiesOf().requestRecipient.patch({ batchId, recipientId }).set(set).go();
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
      }
    },

    async countFunnel(recipient, stages) {
      if (stages.length === 0) return 'counted';
      const { service } = entitiesOf();
      const reached = { sent: 'state', opened: 'openedAt', rated: 'ratedAt', clicked: 'clickedAt' } as const;
      const reasons = await transactWhileBusy(`Counting request ${recipient.batchId}/${recipient.id}`, () =>
        service.transaction
          .write(({ requestRecipient, requestFunnel }) => [
            requestRecipient
              .patch({ batchId: recipient.batchId, recipientId: recipient.id })
              .set(Object.fromEntries(stages.map((stage) => [countedAttribute[stage], true])))
              .where((attr, op) =>
                stages
                  .map((stage) =>
                    [
                      op.notExists(attr[countedAttribute[stage]]),
                      stage === 'sent' ? op.eq(attr.state, 'sent') : op.exists(attr[reached[stage]]),
                    ].join(' AND '),
                  )
                  .join(' AND '),
              )
              .commit(),
            requestFunnel
              .update({ surveyId: recipient.surveyId })
              .add(Object.fromEntries(stages.map((stage) => [stage, 1])))
              .commit(),
          ])
          .go(),
      );
      if (!reasons) return 'counted';
      if (reasons[0]?.code === 'ConditionalCheckFailed') {
        const current = await store.getRecipient(recipient.batchId, recipient.id);
        return current ? 'stale' : 'gone';
      }
      throw new Error(`Funnel count refused: ${reasons.map((r) => r.code).join(', ')}`);
    },

    async getFunnel(surveyId) {
      const { data } = await entitiesOf().requestFunnel.get({ surveyId }).go({ consistent: true });
      return { sent: data?.sent ?? 0, opened: data?.opened ?? 0, rated: data?.rated ?? 0, clicked: data?.clicked ?? 0 };
    },

    async claimReminder({ recipient, now, day, dailyCap }) {
      const addressHash = addressHashOf(recipient.email);
      const { service } = entitiesOf();
      const reasons = await transactWhileBusy(`Claiming reminder ${recipient.batchId}/${recipient.id}`, () =>
        service.transaction
          .write(({ requestRecipient, ...guards }) => [
            requestRecipient
              .patch({ batchId: recipient.batchId, recipientId: recipient.id })
              .set({ reminderState: 'sending', reminderClaimedAt: now })
              .where(
                (attr, op) =>
                  `${op.eq(attr.state, 'sent')} AND ${op.notExists(attr.ratedAt)} AND ${op.notExists(attr.reminderState)}`,
              )
              .commit(),
            ...sendGuards(guards, recipient.userId, addressHash, day, dailyCap),
          ])
          .go(),
      );
      if (!reasons) return 'claimed';
      const failed = (i: number) => reasons[i]?.code === 'ConditionalCheckFailed';
      if (failed(0)) return 'not-eligible';
      if (failed(1)) return 'suppressed';
      if (failed(2)) return 'capped';
      throw new Error(`Reminder claim refused: ${reasons.map((r) => r.code).join(', ')}`);
    },

    async markReminded(batchId, recipientId, at) {
      await entitiesOf()
        .requestRecipient.patch({ batchId, recipientId })
        .set({ reminderState: 'sent', remindedAt: at })
        .where((attr, op) => op.eq(attr.reminderState, 'sending'))
        .go();
    },

    async failReminder(batchId, recipientId) {
      try {
        await entitiesOf()
          .requestRecipient.patch({ batchId, recipientId })
          .set({ reminderState: 'failed' })
          .where((attr, op) => op.eq(attr.reminderState, 'sending'))
          .go();
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
      }
    },

    async releaseReminder(recipient, day) {
      const { requestRecipient, requestDailyCount } = entitiesOf();
      await requestDailyCount.update({ userId: recipient.userId, day }).add({ count: -1 }).go();
      await requestRecipient
        .patch({ batchId: recipient.batchId, recipientId: recipient.id })
        .remove(['reminderState', 'reminderClaimedAt'])
        .where((attr, op) => op.eq(attr.reminderState, 'sending'))
        .go()
        .catch((error: unknown) => {
          if (!isConditionalCheckFailure(error)) throw error;
        });
    },

    async deleteBySurvey(userId, surveyId) {
      for (const batch of await store.listBatchesBySurvey(userId, surveyId))
        await deleteBatch(userId, surveyId, batch.id);
      const { requestContact } = entitiesOf();
      for (;;) {
        const { data } = await requestContact.query
          .bySurvey({ surveyId })
          .go({ limit: 500, attributes: ['surveyId', 'addressHash'] });
        if (data.length === 0) break;
        await deleteAll(
          (keys) => requestContact.delete(keys).go(),
          data.map((c) => ({ surveyId: c.surveyId, addressHash: c.addressHash })),
          'review-request contact marks',
        );
      }
      // After the recipients: a count that comes later finds its recipient gone and does not recreate it.
      await entitiesOf().requestFunnel.delete({ surveyId }).go();
      await store.deleteHookOf(surveyId);
    },

    async deleteByOwner(userId) {
      const { requestBatch, suppression, requestDailyCount } = entitiesOf();
      const batches = await allPages((cursor) =>
        requestBatch.query.byOwner({ userId }).go({ cursor, consistent: true, attributes: ['surveyId', 'batchId'] }),
      );
      for (const b of batches) await deleteBatch(userId, b.surveyId, b.batchId);
      const suppressions = await allPages((cursor) =>
        suppression.query.byOwner({ userId }).go({ cursor, consistent: true, attributes: ['addressHash'] }),
      );
      await deleteAll(
        (keys) => suppression.delete(keys).go(),
        suppressions.map((s) => ({ userId, addressHash: s.addressHash })),
        'suppressions',
      );
      const counts = await allPages((cursor) =>
        requestDailyCount.query.byOwner({ userId }).go({ cursor, consistent: true, attributes: ['day'] }),
      );
      await deleteAll(
        (keys) => requestDailyCount.delete(keys).go(),
        counts.map((c) => ({ userId, day: c.day })),
        'daily request counts',
      );
    },
  };
  return store;
}

/** This module's entities on the one table (`entities.ts` gathers every owner's into the one electrodb Service). */
export function reviewRequestEntities(config: EntityConfiguration) {
  /**
   * A batch of e-mail review requests for one survey, in its owner's partition (the owner's export and erasure
   * find it there; a survey's batches are one `begins_with` query). It records the owner's permission
   * confirmation and when it was given.
   */
  const requestBatch = new Entity(
    {
      model: { entity: 'requestBatch', version: '1', service },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        surveyId: { type: 'string', required: true, readOnly: true },
        batchId: { type: 'string', required: true, readOnly: true },
        state: { type: [...requestBatchStates], required: true },
        total: { type: 'number', required: true },
        /** The owner's text; absent: the default of each customer's language. */
        template: { type: 'string' },
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

  /**
   * A batch that still has requests to send, and when the worker should look at it next: one small partition,
   * so the requests worker finds the due batches with one query (like the erasure jobs).
   */
  const requestQueue = new Entity(
    {
      model: { entity: 'requestQueue', version: '1', service },
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

  /**
   * One customer of a batch, in the batch's own partition (a 5,000-row batch is paged in row order). `secret`
   * is the random part of the personal token; the state moves queued -> sending -> sent (or skipped, failed) by
   * conditional updates only, so no request is ever sent twice.
   */
  const requestRecipient = new Entity(
    {
      model: { entity: 'requestRecipient', version: '1', service },
      attributes: {
        batchId: { type: 'string', required: true, readOnly: true },
        /** The row's index, zero-padded (`00042`), so the partition sorts in row order. */
        recipientId: { type: 'string', required: true, readOnly: true },
        userId: { type: 'string', required: true, readOnly: true },
        surveyId: { type: 'string', required: true, readOnly: true },
        name: { type: 'string', required: true, readOnly: true },
        email: { type: 'string', required: true, readOnly: true },
        language: { type: [...languages], required: true, readOnly: true },
        secret: { type: 'string', required: true, readOnly: true },
        state: { type: [...requestRecipientStates], required: true },
        reason: { type: [...requestSkipReasons] },
        claimedAt: { type: 'string' },
        sentAt: { type: 'string' },
        // What the customer did with the personal link (the public page reports it with the token).
        openedAt: { type: 'string' },
        ratedAt: { type: 'string' },
        clickedAt: { type: 'string' },
        // The funnel worker's marks: each step counted in the survey's funnel once, in the count's transaction.
        sentCounted: { type: 'boolean' },
        openedCounted: { type: 'boolean' },
        ratedCounted: { type: 'boolean' },
        clickedCounted: { type: 'boolean' },
        // The one reminder: claimed (`sending`) before its mail, so it is never sent twice.
        reminderState: { type: ['sending', 'sent', 'failed'] as const },
        reminderClaimedAt: { type: 'string' },
        remindedAt: { type: 'string' },
      },
      indexes: {
        byBatch: {
          pk: { field: 'pk', composite: ['batchId'], template: 'REQBATCH#${batchId}', casing: 'none' },
          sk: { field: 'sk', composite: ['recipientId'], template: 'RCPT#${recipientId}', casing: 'none' },
        },
      },
    },
    config,
  );

  /**
   * "This address was asked for this survey" (a hash of the address, never the address), in the survey's
   * partition, claimed in the same transaction as the request it stands for: at most one request per address
   * and survey in 30 days. Expires (TTL) after them.
   */
  const requestContact = new Entity(
    {
      model: { entity: 'requestContact', version: '1', service },
      attributes: {
        surveyId: { type: 'string', required: true, readOnly: true },
        addressHash: { type: 'string', required: true, readOnly: true },
        batchId: { type: 'string', required: true },
        recipientId: { type: 'string', required: true },
        contactedAt: { type: 'string', required: true },
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        bySurvey: {
          pk: { field: 'pk', composite: ['surveyId'], template: 'SURVEY#${surveyId}', casing: 'none' },
          sk: { field: 'sk', composite: ['addressHash'], template: 'CONTACTED#${addressHash}', casing: 'none' },
        },
      },
    },
    config,
  );

  /**
   * The funnel of a survey's review requests (sent, opened, rated, clicked), in the survey's partition: written
   * only by the funnel worker, with ADD, in one transaction with the counted marks of the recipients.
   */
  const requestFunnel = new Entity(
    {
      model: { entity: 'requestFunnel', version: '1', service },
      attributes: {
        surveyId: { type: 'string', required: true, readOnly: true },
        sent: { type: 'number' },
        opened: { type: 'number' },
        rated: { type: 'number' },
        clicked: { type: 'number' },
      },
      indexes: {
        bySurvey: {
          pk: { field: 'pk', composite: ['surveyId'], template: 'SURVEY#${surveyId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'REQFUNNEL', casing: 'none' },
        },
      },
    },
    config,
  );

  /** An address the owner's requests never go to again, and why (a hash of the address, never the address). */
  const suppression = new Entity(
    {
      model: { entity: 'suppression', version: '1', service },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        addressHash: { type: 'string', required: true, readOnly: true },
        reason: { type: [...suppressionReasons], required: true },
        createdAt: { type: 'string', required: true },
      },
      indexes: {
        byOwner: {
          pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}', casing: 'none' },
          sk: { field: 'sk', composite: ['addressHash'], template: 'SUPPRESSED#${addressHash}', casing: 'none' },
        },
      },
    },
    config,
  );

  /** Requests an owner sent on one UTC day: counted in each claim's transaction, up to the plan's cap. */
  const requestDailyCount = new Entity(
    {
      model: { entity: 'requestDailyCount', version: '1', service },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        day: { type: 'string', required: true, readOnly: true },
        count: { type: 'number' },
        expiresAt: { type: 'number' },
      },
      indexes: {
        byOwner: {
          pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}', casing: 'none' },
          sk: { field: 'sk', composite: ['day'], template: 'REQCOUNT#${day}', casing: 'none' },
        },
      },
    },
    config,
  );
  return {
    requestBatch,
    requestQueue,
    requestRecipient,
    requestContact,
    requestFunnel,
    suppression,
    requestDailyCount,
  };
}

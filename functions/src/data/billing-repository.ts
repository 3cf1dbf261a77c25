import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';
import { deleteInBatches } from './batch-delete';
import type { Entities } from './entities';
import type { TransactionEntities } from './transaction';
import { transactWhileBusy } from './busy-retry';
import { epochSeconds, tombstoneAbsent, tombstoneRefused } from './erasure-repository';
import { AccountErasedError } from '../lib/erasure-guard';
import {
  billingStatuses,
  currencies,
  paymentReversals,
  planIds,
  providerStatuses,
  type Payment,
  type ProviderStatus,
} from '@reviewroute/shared';
import { tableService } from './table-service';

/** A billing record as stored: the API's `Payment` and the owner it belongs to (from the payment's metadata). */
export interface BillingRecord extends Payment {
  userId: string;
}

/**
 * Mollie's statuses in the order a payment moves through them: a final status (paid, failed, canceled,
 * expired) never changes again, and a payment never goes back to open. A write whose status ranks below
 * the stored one is a stale read and is not applied.
 */
export const providerStatusRank: Readonly<Record<ProviderStatus, number>> = {
  open: 0,
  pending: 1,
  authorized: 2,
  paid: 3,
  failed: 3,
  canceled: 3,
  expired: 3,
};

/**
 * The rank a record is stored with: its status's, one higher once a paid payment was refunded or charged back,
 * so a stale read of the same payment from before the refund never takes the refund back.
 */
export const statusRankOf = (record: Pick<BillingRecord, 'providerStatus' | 'reversal'>): number =>
  providerStatusRank[record.providerStatus] + (record.reversal ? 1 : 0);

/** Billing history order: newest first by the provider's creation time, the id breaking ties (a stable order). */
export const newestFirst = (a: BillingRecord, b: BillingRecord): number =>
  a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1;

/**
 * `written`: the record now holds this state; `became-paid`: written, and it is the write that turned the
 * payment paid (exactly one write per payment says so, however many webhooks race); `kept`: a later (or
 * final) state was stored before, left as it was.
 */
export type BillingUpsertOutcome = 'written' | 'became-paid' | 'kept';

export interface BillingRepository {
  /** The owner's billing history, newest first (by creation at the provider). */
  listForUser(userId: string): Promise<BillingRecord[]>;
  /** One record of this owner; another owner's payment is simply not there. */
  get(userId: string, paymentId: string): Promise<BillingRecord | undefined>;
  /**
   * Writes the provider's current state of a payment, keyed by (owner, payment id): idempotent, and safe
   * under concurrent and out-of-order calls. It is applied when no record exists, when the stored status
   * ranks lower (`statusRankOf`: a refund or chargeback ranks above paid), or when it is the same status and
   * rank (a refresh of method or card);
   * otherwise the stored state is kept.
   */
  upsertFromProvider(record: BillingRecord, updatedAt: string): Promise<BillingUpsertOutcome>;
  /**
   * The owner of a payment this API created (by its id alone, for the webhook); undefined for an id we never
   * recorded, which then costs no call to the provider.
   */
  ownerOf(paymentId: string): Promise<string | undefined>;
  /** Every record of the owner (the account erasure's). Idempotent. */
  deleteByOwner(userId: string): Promise<void>;
}

type PaymentItem = EntityItem<Entities['payment']>;

const toRecord = (item: PaymentItem): BillingRecord => ({
  userId: item.userId,
  id: item.paymentId,
  amount: item.amount,
  currency: item.currency,
  status: item.status,
  providerStatus: item.providerStatus,
  description: item.description ?? '',
  plan: item.plan ?? null,
  method: item.method ?? null,
  cardLabel: item.cardLabel ?? null,
  createdAt: item.createdAt,
  paidAt: item.paidAt ?? null,
  reversal: item.reversal ?? null,
});

/** The record as its item: the id under the key name, nulls and empty text left out (never stored). */
function toItem(record: BillingRecord, updatedAt: string) {
  const { id, description, plan, method, cardLabel, paidAt, reversal, ...rest } = record;
  return {
    ...rest,
    paymentId: id,
    statusRank: statusRankOf(record),
    updatedAt,
    ...(description ? { description } : {}),
    ...(plan ? { plan } : {}),
    ...(method ? { method } : {}),
    ...(cardLabel ? { cardLabel } : {}),
    ...(paidAt ? { paidAt } : {}),
    ...(reversal ? { reversal } : {}),
  };
}

/**
 * A transaction item that holds only while the payment is stored as paid: an invoice is issued for such a
 * payment only (never for one the erasure has just deleted).
 */
export const paidPaymentCheck = (payment: TransactionEntities['payment'], userId: string, paymentId: string) =>
  payment
    .check({ userId, paymentId })
    .where((a, op) => op.eq(a.providerStatus, 'paid'))
    .commit();

/** `clock`: the time the tombstone condition of its writes is evaluated at (ms). */
export function createDynamoBillingRepository(
  entitiesOf: () => Entities,
  clock: () => number = Date.now,
): BillingRepository {
  return {
    async listForUser(userId) {
      const { payment } = entitiesOf();
      // Mollie ids do not sort by time, so the (small) history is ordered here rather than by the sort key.
      const result = await payment.query.byOwner({ userId }).go({ pages: 'all', consistent: true });
      return result.data.map(toRecord).sort(newestFirst);
    },

    async get(userId, paymentId) {
      const { payment } = entitiesOf();
      // Strongly consistent: the owner checks the status right after the webhook or their own create.
      const result = await payment.get({ userId, paymentId }).go({ consistent: true });
      return result.data ? toRecord(result.data) : undefined;
    },

    async upsertFromProvider(record, updatedAt): Promise<BillingUpsertOutcome> {
      const item = toItem(record, updatedAt);
      const now = epochSeconds(clock);
      type Condition = Parameters<ReturnType<TransactionEntities['payment']['put']>['where']>[0];
      // One conditional put of the whole state, with the owner's tombstone as a condition of the same
      // transaction: a webhook or refresh for an erased account writes nothing, however it found the payment.
      const put = (what: string, condition: Condition) =>
        transactWhileBusy(what, () =>
          entitiesOf()
            .service.transaction.write((tx) => [
              tx.payment.put(item).where(condition).commit(),
              tombstoneAbsent(record.userId, now)(tx),
            ])
            .go(),
        );
      const refused = (reasons: Awaited<ReturnType<typeof put>>): 'applied' | 'kept' => {
        if (!reasons) return 'applied';
        if (tombstoneRefused(reasons)) throw new AccountErasedError('Recording a payment');
        if (reasons[0]?.code === 'ConditionalCheckFailed') return 'kept';
        throw new Error(`Recording a payment was refused: ${reasons.map((r) => r.code).join(', ')}`);
      };
      // A transaction returns no old item, so "this write made it paid" is a condition of its own, tried first:
      // of any number of concurrent writes of `paid`, exactly one meets a record that was not paid yet.
      if (item.providerStatus === 'paid') {
        const first = await put(
          'Billing upsert (paid)',
          ({ providerStatus, statusRank }, { notExists, lt, ne }) =>
            `${notExists(providerStatus)} OR (${lt(statusRank, item.statusRank)} AND ${ne(providerStatus, 'paid')})`,
        );
        if (refused(first) === 'applied') return 'became-paid';
      }
      // A concurrent webhook's read older than the stored status fails the condition: the later state stays.
      const reasons = await put(
        'Billing upsert',
        ({ providerStatus, statusRank }, { notExists, lt, eq }) =>
          `${notExists(providerStatus)} OR ${lt(statusRank, item.statusRank)} OR (${eq(providerStatus, item.providerStatus)} AND ${eq(statusRank, item.statusRank)})`,
      );
      return refused(reasons) === 'applied' ? 'written' : 'kept';
    },

    async ownerOf(paymentId) {
      const { payment } = entitiesOf();
      // The index is eventually consistent: a webhook arrives after the owner paid, long after the create's write.
      const { data } = await payment.query.byPaymentId({ paymentId }).go({ attributes: ['userId'], limit: 1 });
      return data[0]?.userId;
    },

    async deleteByOwner(userId) {
      const { payment } = entitiesOf();
      const { data } = await payment.query
        .byOwner({ userId })
        .go({ attributes: ['userId', 'paymentId'], pages: 'all', consistent: true });
      await deleteInBatches(
        (keys) => payment.delete(keys).go(),
        data.map(({ paymentId }) => ({ userId, paymentId })),
        'payments',
      );
    },
  };
}

/** This module's entities on the one table (`entities.ts` gathers every owner's into the one electrodb Service). */
export function billingEntities(config: EntityConfiguration) {
  /**
   * One billing history entry (shared `paymentSchema`, the provider's payment id under the key name
   * `paymentId`), in the owner's partition beside their surveys and profile, so account deletion and the
   * export find it there. Written only from the provider's state (the create answer, the webhook's and the
   * status check's fetch); `statusRank` orders Mollie's statuses so a stale read never overwrites a later one.
   */
  const payment = new Entity(
    {
      model: { entity: 'payment', version: '1', service: tableService },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        paymentId: { type: 'string', required: true, readOnly: true },
        amount: { type: 'number', required: true },
        currency: { type: [...currencies], required: true },
        status: { type: [...billingStatuses], required: true },
        providerStatus: { type: [...providerStatuses], required: true },
        /** open 0, pending/authorized 1-2, final (paid, failed, canceled, expired) 3. */
        statusRank: { type: 'number', required: true },
        description: { type: 'string' },
        plan: { type: [...planIds] },
        method: { type: 'string' },
        cardLabel: { type: 'string' },
        createdAt: { type: 'string', required: true },
        paidAt: { type: 'string' },
        /** A refund or chargeback Mollie reported: the plan year this payment bought ends. */
        reversal: { type: [...paymentReversals] },
        /** When this item was last written (diagnostics: which webhook call won). */
        updatedAt: { type: 'string' },
      },
      indexes: {
        byOwner: {
          pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}', casing: 'none' },
          sk: { field: 'sk', composite: ['paymentId'], template: 'PAYMENT#${paymentId}', casing: 'none' },
        },
        /**
         * The owner of a payment id: Mollie's webhook brings only the id, and an id we never created is
         * answered without a call to Mollie (each call costs us; a flood of random ids costs nothing).
         */
        byPaymentId: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['paymentId'], template: 'PAYMENTID#${paymentId}', casing: 'none' },
          sk: { field: 'gsi1sk', composite: [], template: 'PAYMENT', casing: 'none' },
        },
      },
    },
    config,
  );
  return { payment };
}

import type { EntityItem } from 'electrodb';
import { deleteInBatches } from './batch-delete';
import { writeWhileBusy } from './busy-retry';
import type { Entities } from './entities';
import {
  newestFirst,
  statusRankOf,
  type BillingRecord,
  type BillingRepository,
  type BillingUpsertOutcome,
} from './repositories';
import { isConditionalCheckFailure } from './conditional-check';
import type { TransactionEntities } from './transaction';

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

export function createDynamoBillingRepository(entitiesOf: () => Entities): BillingRepository {
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
      const { payment } = entitiesOf();
      const item = toItem(record, updatedAt);
      // One conditional put of the whole state: concurrent webhook calls each fetched Mollie's state, so the
      // item ends as the latest status any of them saw; a read older than the stored status fails the condition.
      const write = payment
        .put(item)
        .where(
          ({ providerStatus, statusRank }, { notExists, lt, eq }) =>
            `${notExists(providerStatus)} OR ${lt(statusRank, item.statusRank)} OR (${eq(providerStatus, item.providerStatus)} AND ${eq(statusRank, item.statusRank)})`,
        );
      try {
        // The item before the put tells whether this write is the one that made the payment paid.
        const result = await writeWhileBusy('Billing upsert', () => write.go({ response: 'all_old' }));
        const before = (result.data as { providerStatus?: string } | null | undefined)?.providerStatus;
        return item.providerStatus === 'paid' && before !== 'paid' ? 'became-paid' : 'written';
      } catch (error) {
        if (isConditionalCheckFailure(error)) return 'kept';
        throw error;
      }
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

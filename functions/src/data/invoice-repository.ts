import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';
import {
  creditAmountOf,
  currencies,
  invoiceExpiryOf,
  invoiceNumberOf,
  invoiceYearOf,
  planIds,
  type Invoice,
  type InvoiceBuyer,
  type KeptInvoice,
} from '@reviewroute/shared';
import { deleteInBatches } from './batch-delete';
import { backOffOrGiveUp, isBusyCancellation, type CancellationReason } from './busy-retry';
import { paidPaymentCheck } from './billing-repository';
import type { Entities } from './entities';
import { epochSeconds, tombstoneAbsent, tombstoneRefused } from './erasure-repository';
import { AccountErasedError } from '../lib/erasure-guard';
import { tableService } from './table-service';

/** An invoice to issue: everything but its number, which the issue gives it. */
export type InvoiceDraft = Omit<Invoice, 'number'>;

/**
 * `issued`: this call numbered it; `existing`: it was issued before (a redelivered webhook, a concurrent
 * refresh), the same invoice; `not-paid`: the payment is not (or no longer) stored as paid, nothing issued.
 */
export type InvoiceIssue = { outcome: 'issued' | 'existing'; invoice: Invoice } | { outcome: 'not-paid' };

/**
 * `issued`: this call numbered the credit note; `existing`: it was issued before (a retried refund, its webhook),
 * the same one; `no-invoice`: the payment has no invoice to correct, nothing issued.
 */
export type CreditNoteIssue = { outcome: 'issued' | 'existing'; creditNote: Invoice } | { outcome: 'no-invoice' };

/**
 * A credit note lives beside the invoice it corrects, as an invoice item of its own (so the export, the erasure's
 * keeping and the lookup treat it as one) under this key; its `paymentId` reads back as the payment's.
 */
const creditKeySuffix = '#credit';
const creditKeyOf = (paymentId: string) => `${paymentId}${creditKeySuffix}`;

/**
 * The invoices (`USER#{userId}/INVOICE#{paymentId}`), the yearly counters and the invoices kept after an erasure
 * (`KEPT-INVOICE#{number}`): this module is their only writer.
 */
export interface InvoiceRepository {
  /**
   * Issues the invoice of a paid payment once: the year's counter is raised by one (conditionally, from the
   * value just read) in the same transaction that creates the invoice with that number (only if the payment
   * has none) and checks that the payment is stored as paid. So a number is never skipped, never given twice,
   * and no payment gets two; a lost race reads the counter again and tries the next number. The owner's
   * erasure tombstone is a condition of that transaction too: an erased account's invoice is never issued
   * (AccountErasedError), however late its payment's webhook comes.
   */
  issue(userId: string, draft: InvoiceDraft): Promise<InvoiceIssue>;
  /**
   * Issues the credit note of a refunded payment's invoice once (Dutch practice: a credit invoice takes the next
   * number of the same gapless series and names the invoice it corrects): the original's lines and buyer with
   * negative amounts, dated `issuedAt`. The same transaction discipline as `issue`: the counter raised from the
   * value read, the credit note created only if the payment has none, the original invoice checked to exist, the
   * tombstone a condition (AccountErasedError).
   */
  issueCreditNote(userId: string, paymentId: string, issuedAt: string): Promise<CreditNoteIssue>;
  get(userId: string, paymentId: string): Promise<Invoice | undefined>;
  /** The credit note of the owner's payment, if its refund issued one. */
  getCreditNote(userId: string, paymentId: string): Promise<Invoice | undefined>;
  /** Every invoice of the owner, oldest number first (the account export's). */
  listByOwner(userId: string): Promise<Invoice[]>;
  /**
   * The account erasure's (decisions 24): each invoice of the owner is kept under its number with only what an
   * invoice must carry (no user id, no contact person), expiring 7 years after its date, and the owner's own
   * item goes. The counters stay, so the series stays gapless. Idempotent: an interrupted run keeps again what it
   * kept before (the same item) and deletes the rest.
   */
  keepAndDeleteByOwner(userId: string): Promise<void>;
  /**
   * A kept invoice by its number (the operator's lookup); undefined when there is none or it expired (DynamoDB's
   * TTL deletes an expired item only within days, so the expiry is checked here too).
   */
  getKept(number: string): Promise<KeptInvoice | undefined>;
}

type InvoiceItem = EntityItem<Entities['invoice']>;
type KeptInvoiceItem = EntityItem<Entities['keptInvoice']>;

/** What both the owner's invoice item and a kept one hold: the invoice but its buyer's contact person. */
type DocumentItem = Omit<KeptInvoiceItem, 'expiresAt'>;

const documentOf = (item: DocumentItem) => ({
  number: item.number,
  paymentId: item.credits ? item.paymentId.slice(0, -creditKeySuffix.length) : item.paymentId,
  issuedAt: item.issuedAt,
  amount: item.amount,
  currency: item.currency,
  plan: item.plan ?? null,
  description: item.description ?? '',
  seller: {
    name: item.sellerName ?? '',
    address: item.sellerAddress ?? '',
    kvkNumber: item.sellerKvk ?? '',
    vatNumber: item.sellerVat ?? '',
  },
  ...(item.credits ? { credits: item.credits } : {}),
});

const businessOf = (item: DocumentItem) => ({
  businessName: item.buyerBusiness ?? '',
  address: item.buyerAddress ?? '',
  vatNumber: item.buyerVat ?? '',
});

const toInvoice = (item: InvoiceItem): Invoice => ({
  ...documentOf(item),
  buyer: item.buyerCopied ? { name: item.buyerName ?? '', ...businessOf(item) } : null,
});

const toKeptInvoice = (item: KeptInvoiceItem): KeptInvoice => ({
  ...documentOf(item),
  buyer: businessOf(item),
  expiresAt: item.expiresAt,
});

/** Empty strings are never stored (entities.ts). */
const nonEmpty = <K extends string>(key: K, value: string | null | undefined) =>
  (value ? { [key]: value } : {}) as Partial<Record<K, string>>;

/** The attributes of an invoice but its buyer's contact person, as both items store them. */
const documentItemOf = (invoice: Omit<Invoice, 'buyer'>, buyer: Omit<InvoiceBuyer, 'name'> | null) => ({
  paymentId: invoice.credits ? creditKeyOf(invoice.paymentId) : invoice.paymentId,
  number: invoice.number,
  issuedAt: invoice.issuedAt,
  amount: invoice.amount,
  currency: invoice.currency,
  ...(invoice.plan ? { plan: invoice.plan } : {}),
  ...nonEmpty('description', invoice.description),
  ...nonEmpty('sellerName', invoice.seller.name),
  ...nonEmpty('sellerAddress', invoice.seller.address),
  ...nonEmpty('sellerKvk', invoice.seller.kvkNumber),
  ...nonEmpty('sellerVat', invoice.seller.vatNumber),
  ...nonEmpty('buyerBusiness', buyer?.businessName),
  ...nonEmpty('buyerAddress', buyer?.address),
  ...nonEmpty('buyerVat', buyer?.vatNumber),
  ...nonEmpty('credits', invoice.credits),
});

function toItem(userId: string, draft: InvoiceDraft, number: string) {
  return {
    userId,
    ...documentItemOf({ ...draft, number }, draft.buyer),
    ...(draft.buyer ? { buyerCopied: true, ...nonEmpty('buyerName', draft.buyer.name) } : {}),
  };
}

/** What an erasure keeps of an invoice: everything it carries but the contact person, and no user id. */
const toKeptItem = (invoice: Invoice) => ({
  ...documentItemOf(invoice, invoice.buyer),
  expiresAt: invoiceExpiryOf(invoice.issuedAt),
});

/**
 * How many times a lost race for the next number is tried again. Each round of racers has one winner, so 200
 * is far beyond any real burst of payments (the integration test races 50 at once).
 */
const maxIssueAttempts = 200;

/** `clock`: the time the tombstone condition of its issues and a kept invoice's expiry are evaluated at (ms). */
export function createDynamoInvoiceRepository(
  entitiesOf: () => Entities,
  clock: () => number = Date.now,
): InvoiceRepository {
  /**
   * Issues from this instance one at a time: racers on the one counter item each cost a read and a transaction
   * per lost round (a burst of n costs n² writes), so within an instance they queue instead. Instances still
   * race each other, and the conditional counter keeps that correct.
   */
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  async function get(userId: string, paymentId: string) {
    const { data } = await entitiesOf().invoice.get({ userId, paymentId }).go({ consistent: true });
    return data ? toInvoice(data) : undefined;
  }

  async function getCreditNote(userId: string, paymentId: string) {
    const { data } = await entitiesOf()
      .invoice.get({ userId, paymentId: creditKeyOf(paymentId) })
      .go({ consistent: true });
    return data ? toInvoice(data) : undefined;
  }

  /**
   * Numbers `draft` (an invoice, or a credit note when it `credits` one) with the next number of its year. Its
   * guard: a paid payment for an invoice, the original invoice for a credit note (`refused` when it fails).
   */
  async function issueNumbered(
    userId: string,
    draft: InvoiceDraft,
  ): Promise<{ outcome: 'issued' | 'existing'; invoice: Invoice } | { outcome: 'refused' }> {
    const find = draft.credits ? getCreditNote : get;
    const existing = await find(userId, draft.paymentId);
    if (existing) return { outcome: 'existing', invoice: existing };

    const year = invoiceYearOf(draft.issuedAt);
    const { invoiceCounter, service } = entitiesOf();
    for (let attempt = 1; ; attempt++) {
      const { data: counter } = await invoiceCounter.get({ year }).go({ consistent: true });
      const last = counter?.last ?? 0;
      const number = invoiceNumberOf(year, last + 1);
      const result = await service.transaction
        .write((tx) => [
          counter
            ? tx.invoiceCounter
                .update({ year })
                .set({ last: last + 1 })
                .where((a, op) => op.eq(a.last, last))
                .commit()
            : tx.invoiceCounter.create({ year, last: 1 }).commit(),
          tx.invoice.create(toItem(userId, draft, number)).commit(),
          draft.credits
            ? tx.invoice
                .check({ userId, paymentId: draft.paymentId })
                .where((a, op) => op.eq(a.number, draft.credits!))
                .commit()
            : paidPaymentCheck(tx.payment, userId, draft.paymentId),
          // Last, as tombstoneRefused reads it.
          tombstoneAbsent(userId, epochSeconds(clock))(tx),
        ])
        .go();
      if (!result.canceled) return { outcome: 'issued', invoice: { ...draft, number } };
      const reasons = result.data as CancellationReason[];
      const failed = (i: number) => reasons[i]?.code === 'ConditionalCheckFailed';
      if (tombstoneRefused(reasons)) throw new AccountErasedError('Issuing an invoice');
      if (failed(1)) {
        const invoice = await find(userId, draft.paymentId);
        if (invoice) return { outcome: 'existing', invoice };
      }
      if (failed(2)) return { outcome: 'refused' };
      // Another invoice took this number (or held the counter): read it again and take the next one.
      if (!failed(0) && !isBusyCancellation(reasons))
        throw new Error(`Issuing an invoice was refused: ${reasons.map((r) => r.code).join(', ')}`);
      await backOffOrGiveUp('Invoice number', attempt, reasons, { maxAttempts: maxIssueAttempts });
    }
  }

  return {
    get,

    async issue(userId, draft) {
      // A redelivered webhook or a refresh finds its invoice without waiting in the queue.
      const existing = await get(userId, draft.paymentId);
      if (existing) return { outcome: 'existing', invoice: existing };
      const issued = await oneAtATime(() => issueNumbered(userId, draft));
      return issued.outcome === 'refused' ? { outcome: 'not-paid' } : issued;
    },

    getCreditNote,

    async issueCreditNote(userId, paymentId, issuedAt) {
      const existing = await getCreditNote(userId, paymentId);
      if (existing) return { outcome: 'existing', creditNote: existing };
      const original = await get(userId, paymentId);
      if (!original) return { outcome: 'no-invoice' };
      const { number, ...document } = original;
      const draft: InvoiceDraft = {
        ...document,
        issuedAt,
        amount: creditAmountOf(original.amount),
        credits: number,
      };
      const issued = await oneAtATime(() => issueNumbered(userId, draft));
      return issued.outcome === 'refused'
        ? { outcome: 'no-invoice' }
        : { outcome: issued.outcome, creditNote: issued.invoice };
    },

    async listByOwner(userId) {
      const { data } = await entitiesOf().invoice.query.byOwner({ userId }).go({ pages: 'all', consistent: true });
      return data.map(toInvoice).sort((a, b) => (a.number < b.number ? -1 : a.number > b.number ? 1 : 0));
    },

    async keepAndDeleteByOwner(userId) {
      const { invoice, keptInvoice } = entitiesOf();
      const { data } = await invoice.query.byOwner({ userId }).go({ pages: 'all', consistent: true });
      if (data.length === 0) return;
      // Kept first: an interruption between the two leaves both, and the next run keeps the same item again.
      const { unprocessed } = await keptInvoice.put(data.map((item) => toKeptItem(toInvoice(item)))).go();
      if (unprocessed.length > 0)
        throw new Error(`${unprocessed.length} invoices could not be kept; the next run retries`);
      await deleteInBatches(
        (keys) => invoice.delete(keys).go(),
        data.map(({ paymentId }) => ({ userId, paymentId })),
        'invoices',
      );
    },

    async getKept(number) {
      const { data } = await entitiesOf().keptInvoice.get({ number }).go({ consistent: true });
      return data && data.expiresAt > epochSeconds(clock) ? toKeptInvoice(data) : undefined;
    },
  };
}

/** This module's entities on the one table (`entities.ts` gathers every owner's into the one electrodb Service). */
export function invoiceEntities(config: EntityConfiguration) {
  /** What an invoice carries but its buyer's contact person: the owner's item and a kept one alike. */
  const documentAttributes = {
    paymentId: { type: 'string', required: true, readOnly: true },
    /** A credit note's: the number of the invoice it corrects (its amounts are negative). */
    credits: { type: 'string', readOnly: true },
    number: { type: 'string', required: true, readOnly: true },
    issuedAt: { type: 'string', required: true, readOnly: true },
    amount: { type: 'number', required: true, readOnly: true },
    currency: { type: [...currencies], required: true, readOnly: true },
    plan: { type: [...planIds], readOnly: true },
    description: { type: 'string', readOnly: true },
    sellerName: { type: 'string', readOnly: true },
    sellerAddress: { type: 'string', readOnly: true },
    sellerKvk: { type: 'string', readOnly: true },
    sellerVat: { type: 'string', readOnly: true },
    buyerBusiness: { type: 'string', readOnly: true },
    buyerAddress: { type: 'string', readOnly: true },
    buyerVat: { type: 'string', readOnly: true },
  } as const;

  /**
   * The invoice of a paid payment, in the owner's partition beside the payment (the export and the erasure
   * find it there): issued once, never changed. Its number comes from the year's counter below, in the same
   * transaction that creates it, so numbers are gapless and no payment gets two.
   */
  const invoice = new Entity(
    {
      model: { entity: 'invoice', version: '1', service: tableService },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        // The buyer as the profile had them at issue (never read from the profile again). `buyerCopied` tells an
        // invoice issued with an empty profile (nothing to copy) from one issued before buyers were copied.
        ...documentAttributes,
        buyerCopied: { type: 'boolean', readOnly: true },
        buyerName: { type: 'string', readOnly: true },
      },
      indexes: {
        byOwner: {
          pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}', casing: 'none' },
          sk: { field: 'sk', composite: ['paymentId'], template: 'INVOICE#${paymentId}', casing: 'none' },
        },
      },
    },
    config,
  );

  /** The last invoice number given out in a year (`last`), raised only together with the invoice it numbers. */
  const invoiceCounter = new Entity(
    {
      model: { entity: 'invoiceCounter', version: '1', service: tableService },
      attributes: {
        year: { type: 'number', required: true, readOnly: true },
        last: { type: 'number', required: true },
      },
      indexes: {
        byYear: {
          pk: { field: 'pk', composite: [], template: 'INVOICE-COUNTER', casing: 'none' },
          sk: { field: 'sk', composite: ['year'], template: 'YEAR#${year}', casing: 'none' },
        },
      },
    },
    config,
  );
  /**
   * An invoice kept after its owner's account was erased (decisions 24), under its number: what an invoice must
   * carry and nothing of the account (no user id, no contact person). `expiresAt` (the table's TTL) is 7 years
   * after its date.
   */
  const keptInvoice = new Entity(
    {
      model: { entity: 'keptInvoice', version: '1', service: tableService },
      attributes: {
        ...documentAttributes,
        expiresAt: { type: 'number', required: true, readOnly: true },
      },
      indexes: {
        byNumber: {
          pk: { field: 'pk', composite: ['number'], template: 'KEPT-INVOICE#${number}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'KEPT-INVOICE', casing: 'none' },
        },
      },
    },
    config,
  );
  return { invoice, invoiceCounter, keptInvoice };
}

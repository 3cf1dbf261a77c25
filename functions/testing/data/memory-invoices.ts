import {
  creditAmountOf,
  invoiceExpiryOf,
  invoiceNumberOf,
  invoiceYearOf,
  type Invoice,
  type KeptInvoice,
} from '@reviewroute/shared';
import type { CreditNoteIssue, InvoiceDraft, InvoiceIssue, InvoiceRepository } from '../../src/data/invoice-repository';
import type { ErasedGuard } from './memory';

const strip = ({ userId: _userId, ...invoice }: Invoice & { userId: string }): Invoice => invoice;

/** The same rules in memory (unit tests): numbered per year without gaps, once per payment, paid ones only. */
export class MemoryInvoiceRepository implements InvoiceRepository {
  readonly invoices = new Map<string, Invoice & { userId: string }>();
  readonly counters = new Map<number, number>();
  /** The invoices kept after an erasure, by number. */
  readonly kept = new Map<string, KeptInvoice>();
  /** The clock a kept invoice's expiry is judged by (ms). */
  clock: () => number = Date.now;

  /** The fakes' tombstone condition (`createMemoryStores` wires the erasure fake's). */
  guard: ErasedGuard = () => undefined;

  /** Whether the payment is stored as paid (the billing fake's answer); every payment is, unless told. */
  constructor(private readonly isPaid: (userId: string, paymentId: string) => boolean = () => true) {}

  async issue(userId: string, draft: InvoiceDraft): Promise<InvoiceIssue> {
    const key = `${userId}/${draft.paymentId}`;
    const existing = this.invoices.get(key);
    if (existing) return { outcome: 'existing', invoice: strip(existing) };
    this.guard(userId, 'Issuing an invoice');
    if (!this.isPaid(userId, draft.paymentId)) return { outcome: 'not-paid' };
    const year = invoiceYearOf(draft.issuedAt);
    const next = (this.counters.get(year) ?? 0) + 1;
    this.counters.set(year, next);
    const invoice = { ...draft, number: invoiceNumberOf(year, next) };
    this.invoices.set(key, { ...invoice, userId });
    return { outcome: 'issued', invoice };
  }

  async issueCreditNote(userId: string, paymentId: string, issuedAt: string): Promise<CreditNoteIssue> {
    const key = `${userId}/${paymentId}#credit`;
    const existing = this.invoices.get(key);
    if (existing) return { outcome: 'existing', creditNote: strip(existing) };
    this.guard(userId, 'Issuing a credit note');
    const original = await this.get(userId, paymentId);
    if (!original) return { outcome: 'no-invoice' };
    const year = invoiceYearOf(issuedAt);
    const next = (this.counters.get(year) ?? 0) + 1;
    this.counters.set(year, next);
    const creditNote: Invoice = {
      ...original,
      number: invoiceNumberOf(year, next),
      issuedAt,
      amount: creditAmountOf(original.amount),
      credits: original.number,
    };
    this.invoices.set(key, { ...creditNote, userId });
    return { outcome: 'issued', creditNote };
  }

  async getCreditNote(userId: string, paymentId: string) {
    const found = this.invoices.get(`${userId}/${paymentId}#credit`);
    return found && strip(found);
  }

  async get(userId: string, paymentId: string) {
    const found = this.invoices.get(`${userId}/${paymentId}`);
    return found && strip(found);
  }

  async listByOwner(userId: string) {
    return [...this.invoices.values()]
      .filter((i) => i.userId === userId)
      .map(strip)
      .sort((a, b) => (a.number < b.number ? -1 : 1));
  }

  async keepAndDeleteByOwner(userId: string) {
    for (const [key, { userId: owner, buyer, ...invoice }] of this.invoices) {
      if (owner !== userId) continue;
      this.kept.set(invoice.number, {
        ...invoice,
        buyer: {
          businessName: buyer?.businessName ?? '',
          address: buyer?.address ?? '',
          vatNumber: buyer?.vatNumber ?? '',
        },
        expiresAt: invoiceExpiryOf(invoice.issuedAt),
      });
      this.invoices.delete(key);
    }
  }

  async getKept(number: string) {
    const kept = this.kept.get(number);
    return kept && kept.expiresAt > Math.floor(this.clock() / 1000) ? kept : undefined;
  }
}

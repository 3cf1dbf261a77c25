import * as z from 'zod';
import { currencies } from './billing';
import { planIds } from './domain/plans';

/**
 * Invoices a Dutch business can book (spec 3 "Billing history"; decisions 21): one per paid payment, numbered
 * without gaps per calendar year (`2026-000001`), issued when the payment is first recorded as paid, with the
 * seller's details as configured at that moment and the buyer's as the owner's profile had them then (an
 * invoice never changes once issued: a later profile edit changes the next invoice, not this one); the line
 * item is written in the reader's language, and net and VAT derive from the total (`domain/vat.ts`).
 */

/** The seller's details as the deployment configures them (CDK context → Lambda env; placeholders locally). */
export const invoiceSellerSchema = z.object({
  name: z.string().max(200),
  address: z.string().max(500),
  /** Chamber of Commerce (KvK) number. */
  kvkNumber: z.string().max(40),
  /** VAT identification number (btw-id). */
  vatNumber: z.string().max(40),
});
export type InvoiceSeller = z.infer<typeof invoiceSellerSchema>;

/**
 * The buyer as the owner's profile named them when the invoice was issued (the Complete Your Purchase card
 * saves business name, address and VAT number to the profile just before the payment is made).
 */
export const invoiceBuyerSchema = z.object({
  /** The contact person (the profile's full name). */
  name: z.string().max(200),
  businessName: z.string().max(200),
  /** Lines separated by `\n`, as the profile stores them. */
  address: z.string().max(500),
  /** The buyer's VAT number, normalized (`NL123456789B01`); empty when they gave none. */
  vatNumber: z.string().max(40).default(''),
});
export type InvoiceBuyer = z.infer<typeof invoiceBuyerSchema>;

/** GET /api/payments/{paymentId}/invoice: the invoice of a paid payment (404 until it is paid). */
export const invoiceSchema = z.object({
  /** `{year}-{sequence, 6 digits}`, gapless per year. */
  number: z.string().max(20),
  paymentId: z.string().max(64),
  /** When the payment was paid: the invoice date. */
  issuedAt: z.string().max(40),
  /** The total charged, VAT included. */
  amount: z.number(),
  currency: z.enum(currencies),
  /** The plan bought (the line item is named from it in the reader's language), or null: `description`. */
  plan: z.enum(planIds).nullable(),
  description: z.string().max(255),
  seller: invoiceSellerSchema,
  /**
   * The buyer as issued; null only on an invoice issued before buyers were copied onto invoices (its page then
   * shows the profile as it is now).
   */
  buyer: invoiceBuyerSchema.nullable().default(null),
  /**
   * Set on a credit note only: the number of the invoice it corrects. A credit note (issued when a payment is
   * refunded) takes the next number of the same series, copies the original's line, seller and buyer, and carries
   * the amounts negated (`creditAmountOf`); its `paymentId` is the refunded payment's.
   */
  credits: z.string().max(20).optional(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/**
 * How long an invoice is kept after its owner's account was erased (decisions 24: a Dutch seller keeps its
 * invoices for 7 years; GDPR art. 17(3)(b)): 7 years from the invoice date, then it expires.
 */
export const invoiceRetentionYears = 7;

/** The epoch second a kept invoice issued at `issuedAt` expires: the same instant, `invoiceRetentionYears` later. */
export function invoiceExpiryOf(issuedAt: string): number {
  const date = new Date(issuedAt);
  date.setUTCFullYear(date.getUTCFullYear() + invoiceRetentionYears);
  return Math.floor(date.getTime() / 1000);
}

/**
 * An invoice kept after its owner's account was erased: only what an invoice must carry (number, date, seller,
 * the buyer's business name, address and VAT number, the line, the amounts, the payment reference it names),
 * nothing that leads back to the account (no user id, no contact person, no e-mail). Read only by the
 * operator's lookup by number (`npm run invoice`).
 */
export const keptInvoiceSchema = invoiceSchema.omit({ buyer: true }).extend({
  buyer: invoiceBuyerSchema.omit({ name: true }),
  /** Epoch seconds: when it expires (`invoiceExpiryOf` its date). */
  expiresAt: z.number(),
});
export type KeptInvoice = z.infer<typeof keptInvoiceSchema>;

/** A credit note's total: the corrected invoice's, negated (never -0). */
export const creditAmountOf = (amount: number): number => 0 - amount;

/** The invoice number of the `sequence`th invoice of `year`. */
export const invoiceNumberOf = (year: number, sequence: number): string =>
  `${year}-${String(sequence).padStart(6, '0')}`;

/**
 * The year an invoice issued at `iso` is numbered in: the calendar year in the Netherlands (a payment at
 * 00:30 on 1 January Amsterdam time is next year's, although it is still 31 December in UTC).
 */
export function invoiceYearOf(iso: string): number {
  const year = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', year: 'numeric' }).format(
    new Date(iso),
  );
  return Number(year);
}

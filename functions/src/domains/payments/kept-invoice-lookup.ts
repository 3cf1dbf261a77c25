import { splitVat, type KeptInvoice } from '@reviewroute/shared';
import type { InvoiceRepository } from '../../data/invoice-repository';
import { planLineItem } from '../../mail/render';

/**
 * The operator's lookup of an invoice kept after its owner's account was erased (decisions 24), by its number
 * (`npm run invoice -- 2026-000123`, functions/scripts/invoice.ts): for the tax office or a bookkeeper, who
 * asks for an invoice by number. Only kept invoices: a living account's invoice is its owner's to open.
 */

/** `{year}-{6 digits}`: anything else is no invoice number, and no key is built from it. */
export const invoiceNumberPattern = /^\d{4}-\d{6}$/;

export type KeptInvoiceLookup =
  { found: true; invoice: KeptInvoice } | { found: false; reason: 'not-a-number' | 'not-kept' };

export async function lookUpKeptInvoice(
  invoices: Pick<InvoiceRepository, 'getKept'>,
  number: string,
): Promise<KeptInvoiceLookup> {
  const trimmed = number.trim();
  if (!invoiceNumberPattern.test(trimmed)) return { found: false, reason: 'not-a-number' };
  const invoice = await invoices.getKept(trimmed);
  return invoice ? { found: true, invoice } : { found: false, reason: 'not-kept' };
}

const money = (amount: number, currency: string) => `${currency} ${amount.toFixed(2)}`;
const block = (text: string) => text.split('\n').map((line) => `    ${line}`);

/** The kept invoice (or credit note) as the operator reads it: every field it carries, the line in Dutch, net / VAT / total. */
export function keptInvoiceText(invoice: KeptInvoice): string {
  const { net, vat, total } = splitVat(invoice.amount);
  const { seller, buyer } = invoice;
  const dash = (value: string) => value || '-';
  // A credit note names the invoice it corrects; its amounts are negative.
  const kind = invoice.credits ? 'Credit note' : 'Invoice';
  return [
    `${kind} ${invoice.number} (kept after the account's erasure; expires ${new Date(invoice.expiresAt * 1000).toISOString()})`,
    ...(invoice.credits ? [`  Corrects invoice: ${invoice.credits}`] : []),
    `  Date: ${invoice.issuedAt}`,
    `  Reference: ${invoice.paymentId}`,
    `  Seller: ${dash(seller.name)}`,
    ...block(dash(seller.address)),
    `    KvK ${dash(seller.kvkNumber)}, VAT ${dash(seller.vatNumber)}`,
    `  Buyer: ${dash(buyer.businessName)}`,
    ...block(dash(buyer.address)),
    `    VAT ${dash(buyer.vatNumber)}`,
    `  Line: ${invoice.plan ? planLineItem(invoice.plan, 'nl') : dash(invoice.description)}`,
    `  Net: ${money(net, invoice.currency)}`,
    `  VAT 21 %: ${money(vat, invoice.currency)}`,
    `  Total: ${money(total, invoice.currency)}`,
  ].join('\n');
}

import { expect } from 'vitest';
import { stackEntities } from './api';

/** The sequence of an invoice number (`2026-000123` → 123). */
export const sequenceOf = (number: string) => Number(number.slice(number.indexOf('-') + 1));

/**
 * The year's invoice series is gapless, whatever else this run paid or erased: every number up to the counter
 * is held by exactly one invoice, an owner's or one kept after its owner's erasure (the counter is read first, so
 * invoices issued meanwhile can only add numbers above it). Answers the owners' invoices and the counter.
 */
export async function expectYearGapless(year: number) {
  const { invoice, invoiceCounter, keptInvoice } = stackEntities();
  const last = (await invoiceCounter.get({ year }).go({ consistent: true })).data!.last;
  const { data: all } = await invoice.scan.go({ pages: 'all', consistent: true });
  const { data: kept } = await keptInvoice.scan.go({ pages: 'all', consistent: true });
  const ofYear = [...all, ...kept].map((i) => i.number).filter((n) => n.startsWith(`${year}-`));
  expect(new Set(ofYear).size).toBe(ofYear.length);
  const sequences = new Set(ofYear.map(sequenceOf));
  for (let n = 1; n <= last; n++) expect(sequences.has(n), `invoice ${year}-${n}`).toBe(true);
  return { all, kept, last };
}

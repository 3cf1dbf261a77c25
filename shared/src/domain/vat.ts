/**
 * Dutch VAT on what we charge (decisions 21): every amount we charge or show includes 21 % VAT, so the
 * invoice derives net and VAT from the total. The split works in whole cents and gives the rounding to
 * the net part, so net + VAT is always exactly the amount paid (a bookkeeper checks that sum).
 */
export const vatRatePercent = 21;

export interface VatSplit {
  /** The amount without VAT, in cents. */
  netCents: number;
  /** The VAT the amount includes, in cents: total × 21 / 121, rounded to the nearest cent. */
  vatCents: number;
  /** The amount paid, in cents. */
  totalCents: number;
}

/** An amount in major units (120 or 12.34) as whole cents; float noise (0.1 + 0.2) does not leak in. */
export const toCents = (amount: number): number => Math.round(amount * 100);

/**
 * Net and VAT of a gross amount in cents (an integer). Integer arithmetic only: exact for any cent amount. A negative
 * amount (a credit note's) splits as the exact negation of its positive twin, so a credit note cancels its invoice
 * line for line, to the cent.
 */
export function splitVatCents(totalCents: number): VatSplit {
  if (!Number.isSafeInteger(totalCents)) throw new RangeError(`Not a cent amount: ${totalCents}`);
  if (totalCents < 0) {
    const twin = splitVatCents(0 - totalCents);
    return { netCents: 0 - twin.netCents, vatCents: 0 - twin.vatCents, totalCents };
  }
  // round(total × 21 / 121) with integers: floor((2 × total × 21 + 121) / (2 × 121)).
  const vatCents = Math.floor(
    (2 * totalCents * vatRatePercent + (100 + vatRatePercent)) / (2 * (100 + vatRatePercent)),
  );
  return { netCents: totalCents - vatCents, vatCents, totalCents };
}

/** Net, VAT and total of a gross amount in major units (as a payment stores it), each back in major units. */
export function splitVat(amount: number): { net: number; vat: number; total: number } {
  const { netCents, vatCents, totalCents } = splitVatCents(toCents(amount));
  return { net: netCents / 100, vat: vatCents / 100, total: totalCents / 100 };
}

/**
 * The buyer's VAT identification number, checked by its format per EU member state (the formats VIES
 * publishes; Greece's prefix is EL, Northern Ireland's XI). Only the format: whether the number is
 * registered is VIES's to say, and a Dutch invoice needs the number as the buyer gave it, not a lookup.
 * A number is written with its country prefix; spaces, dots and hyphens are ignored, letters read upper case.
 */
export const vatNumberPatterns = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^(?=.*[A-Z])[A-Z\d]\d{7}[A-Z\d]$/,
  FI: /^\d{8}$/,
  // Two letters (not I or O) or digits, then the 9-digit SIREN.
  FR: /^[A-HJ-NP-Z\d]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/,
} as const satisfies Record<string, RegExp>;

export type VatCountry = keyof typeof vatNumberPatterns;

/** A typed number as it is stored and printed: upper case, without spaces, dots or hyphens ("NL123456789B01"). */
export const normalizeVatNumber = (input: string): string => input.replace(/[\s.-]/g, '').toUpperCase();

/** The member state a normalized number names by its prefix, if it is one of the table's. */
export function vatCountryOf(normalized: string): VatCountry | undefined {
  const prefix = normalized.slice(0, 2);
  return Object.hasOwn(vatNumberPatterns, prefix) ? (prefix as VatCountry) : undefined;
}

/** Whether `input` is an EU VAT number in its country's format (after normalizing). */
export function isEuVatNumber(input: string): boolean {
  const normalized = normalizeVatNumber(input);
  const country = vatCountryOf(normalized);
  return country !== undefined && vatNumberPatterns[country].test(normalized.slice(2));
}

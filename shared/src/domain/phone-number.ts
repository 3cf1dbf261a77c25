// The mobile metadata: review requests go by text message, which only a mobile number receives, and its rules
// for mobile numbers are the full set's (a landline or an unassigned range is refused), at two thirds of its size.
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/mobile';

/**
 * A customer's phone number as the owner gives it ("06 12345678", "+32 470 12 34 56", "0031 6 1234 5678"), read
 * with libphonenumber-js in the owner's region (the Netherlands until an owner has a country of their own) and
 * stored in E.164 with its country. Not part of the zod-free `domain` index: its metadata is for the pages and
 * Lambdas that take customers, not for the public survey page.
 */

/** The region a number without a country code is read in. */
export const defaultPhoneRegion = 'NL';

/** Longer than any number written with spaces, dashes and a country code: anything longer is not one. */
export const maxPhoneInputLength = 40;

export const phoneNumberMessages = {
  invalid: 'Enter a valid mobile phone number',
} as const;

export type PhoneNumberResult = { ok: true; e164: string; country: string } | { ok: false; message: string };

/** Digits with the separators people write (spaces, dashes, dots, slashes, brackets) and a leading + or 00. */
const phoneCharacters = /^\+?[\d\s().\-/]+$/;

/**
 * Reads a phone number as a customer gives it: with a country code (`+32 …`, `0032 …`) or without one (read in
 * `region`). Valid only as a mobile number of a known country, without an extension; the answer is its E.164
 * form (`+31612345678`) and its country (ISO 3166 alpha-2), or the message to show. Never throws.
 */
export function parsePhoneNumber(input: string, region: string = defaultPhoneRegion): PhoneNumberResult {
  const invalid = { ok: false, message: phoneNumberMessages.invalid } as const;
  const text = input.trim();
  // Letters (a name in the wrong column, "ext. 12") are no mobile number; a bounded length keeps parsing cheap.
  if (text.length === 0 || text.length > maxPhoneInputLength || !phoneCharacters.test(text)) return invalid;
  const number = parsePhoneNumberFromString(
    text,
    isSupportedCountry(region) ? { defaultCountry: region as CountryCode } : {},
  );
  if (!number?.isValid() || !number.country || number.ext) return invalid;
  return { ok: true, e164: number.number, country: number.country };
}

/** A stored number (E.164) as people read it, with its country code: `+31 6 12345678`; anything else as it is. */
export const formatPhoneNumber = (e164: string): string =>
  parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;

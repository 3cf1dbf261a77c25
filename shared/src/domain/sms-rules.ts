import { localDateTimeOf } from './date-time';

/**
 * Where and when review requests go out as text messages (decisions 25): only to numbers of the countries on the
 * allowlist, only from 09:00 to 20:00 in the customer's time zone, from an alphanumeric sender ID of the business's
 * name where the country allows one (else the platform's registered number). The intake (a row's error in the
 * preview) and the requests worker (the send) read the same rules from here.
 */

/** The EU and EEA member states and the UK (ISO 3166-1 alpha-2): the allowlist unless CDK context names another. */
export const defaultSmsCountries = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'IS',
  'LI',
  'NO',
  'GB',
] as const;

/**
 * The allowlist as configured (SMS_COUNTRIES in the Lambda env, from CDK context: ISO codes separated by commas or
 * spaces); empty or absent: the default. Unknown words are dropped, so a typo narrows the list, never widens it.
 */
export function smsCountriesOf(configured: string | undefined | null): ReadonlySet<string> {
  const codes = (configured ?? '')
    .split(/[\s,]+/)
    .map((code) => code.trim().toUpperCase())
    .filter((code) => /^[A-Z]{2}$/.test(code));
  return new Set(codes.length > 0 ? codes : defaultSmsCountries);
}

/** Whether a number of this country may be texted (its country as the phone parser found it). */
export const isSmsCountryAllowed = (country: string | null | undefined, allowed: ReadonlySet<string>): boolean =>
  !!country && allowed.has(country.toUpperCase());

/** The per-row message when the country is not on the list (the preview and the worker's skip say the same). */
export const smsCountryRefused = 'Text messages cannot be sent to this country: add an email address instead';

/** The hours texts may arrive, in the customer's local time: from 09:00 up to (not including) 20:00. */
export const smsSendingHours = { from: 9, until: 20 } as const;
export type SmsSendingHours = { readonly from: number; readonly until: number };

/**
 * The hours as configured (SMS_SENDING_HOURS, `from-until` in whole hours, `0-24` for any time): only the test
 * stacks set it, so a browser test's text goes at any hour of the day; anything else is decisions 25's hours.
 */
export function smsSendingHoursOf(configured: string | undefined | null): SmsSendingHours {
  const match = /^(\d{1,2})-(\d{1,2})$/.exec(configured?.trim() ?? '');
  const [from, until] = match ? [Number(match[1]), Number(match[2])] : [];
  return from !== undefined && until !== undefined && from < until && until <= 24 ? { from, until } : smsSendingHours;
}

/** The time zone texts are timed in when the customer's is not known (decisions 25). */
export const defaultSmsTimeZone = 'Europe/Amsterdam';

/**
 * Each allowlisted country's main time zone: where we know no more of a customer than their number's country,
 * it is the one nearly all of them live in. Portugal's Azores and Spain's Canary Islands are an hour behind their
 * mainland, well inside the allowed hours' margin either way.
 */
const countryTimeZones: Record<string, string> = {
  AT: 'Europe/Vienna',
  BE: 'Europe/Brussels',
  BG: 'Europe/Sofia',
  HR: 'Europe/Zagreb',
  CY: 'Asia/Nicosia',
  CZ: 'Europe/Prague',
  DK: 'Europe/Copenhagen',
  EE: 'Europe/Tallinn',
  FI: 'Europe/Helsinki',
  FR: 'Europe/Paris',
  DE: 'Europe/Berlin',
  GR: 'Europe/Athens',
  HU: 'Europe/Budapest',
  IE: 'Europe/Dublin',
  IT: 'Europe/Rome',
  LV: 'Europe/Riga',
  LT: 'Europe/Vilnius',
  LU: 'Europe/Luxembourg',
  MT: 'Europe/Malta',
  NL: 'Europe/Amsterdam',
  PL: 'Europe/Warsaw',
  PT: 'Europe/Lisbon',
  RO: 'Europe/Bucharest',
  SK: 'Europe/Bratislava',
  SI: 'Europe/Ljubljana',
  ES: 'Europe/Madrid',
  SE: 'Europe/Stockholm',
  IS: 'Atlantic/Reykjavik',
  LI: 'Europe/Vaduz',
  NO: 'Europe/Oslo',
  GB: 'Europe/London',
  CH: 'Europe/Zurich',
};

/** The customer's time zone for the sending hours: their number's country's main one, else Amsterdam's. */
export const smsTimeZoneOf = (country: string | null | undefined): string =>
  (country && countryTimeZones[country.toUpperCase()]) || defaultSmsTimeZone;

/** Whether a text may arrive at this moment in this time zone. */
export function isWithinSmsHours(ms: number, timeZone: string, hours: SmsSendingHours = smsSendingHours): boolean {
  const { hour } = localDateTimeOf(ms, timeZone);
  return hour >= hours.from && hour < hours.until;
}

const hourMs = 3600_000;

/**
 * When a text due at `ms` may go out: `ms` itself inside the hours, else the next 09:00 in the time zone. Found
 * hour by hour from the next full local hour, so a change to or from summer time (at night, in Europe) lands on
 * the local 09:00 all the same.
 */
export function nextSmsSendTime(ms: number, timeZone: string, hours: SmsSendingHours = smsSendingHours): number {
  if (isWithinSmsHours(ms, timeZone, hours)) return ms;
  const { minute, second } = localDateTimeOf(ms, timeZone);
  let at = ms - (ms % 1000) - (minute * 60 + second) * 1000 + hourMs;
  for (let i = 0; i < 30 && localDateTimeOf(at, timeZone).hour !== hours.from; i++) at += hourMs;
  return at;
}

/**
 * The countries whose networks show an alphanumeric sender ID without a registration of each name (AWS End User
 * Messaging's country table); a text to any other allowlisted country comes from the platform's registered number.
 */
const senderIdCountries = new Set<string>(defaultSmsCountries.filter((c) => c !== 'BE'));

/** The longest alphanumeric sender ID networks carry. */
export const senderIdMaxLength = 11;

/**
 * The business's name as an alphanumeric sender ID: GSM letters and digits of its name (accents taken off, other
 * characters dropped, spaces kept between words where they fit), at most 11, with at least one letter (a sender
 * of digits alone reads as a number). Empty when nothing usable is left.
 */
export function senderIdOf(businessName: string): string {
  const plain = businessName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const id = plain.slice(0, senderIdMaxLength).trim();
  return /[A-Za-z]/.test(id) ? id : '';
}

/**
 * Who a text to this country comes from: the business's sender ID where the country shows one (and the name gives
 * one), else the configured number. `null` when neither exists: such a text cannot be sent.
 */
export function smsOriginatorOf(
  country: string | null | undefined,
  businessName: string,
  senderNumber: string | null | undefined,
): { originator: string; kind: 'sender-id' | 'number' } | null {
  const id = senderIdOf(businessName);
  if (id && country && senderIdCountries.has(country.toUpperCase())) return { originator: id, kind: 'sender-id' };
  return senderNumber ? { originator: senderNumber, kind: 'number' } : null;
}

import { formatDateTime, intlLocales, type Language } from '@reviewroute/shared';

/** Whole numbers in the page's language (1,234 / 1.234). */
export const formatCount = (value: number, language: Language): string =>
  new Intl.NumberFormat(intlLocales[language]).format(value);

/** The average rating with exactly one decimal (spec 9), decimal point or comma by language: 4.0 / 4,0. */
export const formatAverage = (value: number, language: Language): string =>
  new Intl.NumberFormat(intlLocales[language], { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
];

/**
 * When a comment was left: `justNow` (the catalogue's "just now") within a minute, then relative ("5 minutes
 * ago", "gisteren"), after a week the date as every page writes it. `now` is a parameter so tests are exact.
 */
export function formatFeedbackDate(iso: string, language: Language, justNow: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  const relative = new Intl.RelativeTimeFormat(intlLocales[language], { numeric: 'auto' });
  if (abs < 60) return justNow;
  if (abs < 7 * 24 * 60 * 60) {
    const [unit, size] = [...units].reverse().find(([, s]) => abs >= s)!;
    return relative.format(Math.round(seconds / size), unit);
  }
  return formatDateTime(date, language, 'date');
}

/** The full timestamp for the <time> element's title: the one date-time form of every page. */
export const formatFullDate = (iso: string, language: Language): string => formatDateTime(iso, language);

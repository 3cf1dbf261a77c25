import { type Language } from './language';

/**
 * The business's time zone: every date and time an owner reads (pages, mails, exports) is in it. Every owner's
 * is Amsterdam until an owner can choose one; the functions take it as a parameter so that choice changes no
 * caller's shape.
 */
export const businessTimeZone = 'Europe/Amsterdam';

/**
 * The Intl locale of each language, for every date and number the product shows. English is British: a
 * European business reads day-first dates and a 24-hour clock (29 Nov 2026, 05:21), as the Dutch do.
 */
export const intlLocales: Record<Language, string> = { en: 'en-GB', nl: 'nl-NL' };

export type DateTimeStyle = 'dateTime' | 'date' | 'longDate' | 'longDateTime' | 'time' | 'dayMonth';

const styles: Record<DateTimeStyle, Intl.DateTimeFormatOptions> = {
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  date: { dateStyle: 'medium' },
  longDate: { dateStyle: 'long' },
  longDateTime: { dateStyle: 'long', timeStyle: 'short' },
  time: { timeStyle: 'short' },
  // A chart's axis, where the year is the chart's title: 23 Nov / 23 nov.
  dayMonth: { day: 'numeric', month: 'short' },
};

// Building a DateTimeFormat costs far more than formatting with one, and lists format hundreds of rows.
const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(language: Language, style: DateTimeStyle, timeZone: string): Intl.DateTimeFormat {
  const key = `${language}|${style}|${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocales[language], { ...styles[style], timeZone });
    formats.set(key, format);
  }
  return format;
}

/**
 * A moment as every page and mail writes it, one format per language: `29 Nov 2026, 05:21` /
 * `29 nov 2026, 05:21` (style `dateTime`), in the business's time zone unless one is given.
 */
export function formatDateTime(
  at: string | number | Date,
  language: Language,
  style: DateTimeStyle = 'dateTime',
  timeZone: string = businessTimeZone,
): string {
  return formatOf(language, style, timeZone).format(new Date(at));
}

/** A moment's date and 24-hour clock in one time zone, as its people read them there. */
export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment's local date and clock in a time zone (one format per zone, made once: exports call it per row). */
export function localDateTimeOf(at: string | number | Date, timeZone: string = businessTimeZone): LocalDateTime {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    clockFormats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(new Date(at)).map(({ type, value }) => [type, Number(value)]));
  return {
    year: part.year ?? 0,
    month: part.month ?? 0,
    day: part.day ?? 0,
    hour: part.hour ?? 0,
    minute: part.minute ?? 0,
    second: part.second ?? 0,
  };
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * A moment as spreadsheets in every language read it as a date and time (`2026-11-29 06:19:00`), in the given
 * time zone: Excel and LibreOffice parse this form whatever their locale, and it sorts as text too.
 */
export function formatSpreadsheetDateTime(at: string | number | Date, timeZone: string = businessTimeZone): string {
  const { year, month, day, hour, minute, second } = localDateTimeOf(at, timeZone);
  return `${year}-${twoDigits(month)}-${twoDigits(day)} ${twoDigits(hour)}:${twoDigits(minute)}:${twoDigits(second)}`;
}

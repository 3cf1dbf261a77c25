import Papa from 'papaparse';
import { expect } from 'vitest';

/**
 * The CSV export's header row as an owner's spreadsheet shows it, written out rather than read from the mail
 * catalogues, so a changed catalogue text shows up as a failing test.
 */
export const exportHeaders = {
  en: [
    'Date',
    'Rating',
    'Comment',
    'Name',
    'Email',
    'Clicked Google review',
    'State',
    'Private note',
    'Invited by',
    'Invited at',
    'Public review offered to every customer',
    'Shown on website',
    'Name on website',
    'Response ID',
  ],
  nl: [
    'Datum',
    'Beoordeling',
    'Opmerking',
    'Naam',
    'E-mail',
    'Google-review aangeklikt',
    'Status',
    'Privénotitie',
    'Uitgenodigd via',
    'Uitgenodigd op',
    'Openbare review aan iedere klant aangeboden',
    'Getoond op website',
    'Naam op website',
    'Reactie-ID',
  ],
} as const;

/**
 * A downloaded export as a spreadsheet program reads it: it starts with UTF-8's byte order mark (so Excel takes
 * it as UTF-8), its separator is guessed, as Papa (and Excel's import) does, and it parses without errors.
 */
export function parseExportCsv(bytes: Uint8Array) {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const parsed = Papa.parse<Record<string, string>>(new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes), {
    header: true,
    skipEmptyLines: true,
  });
  expect(parsed.errors).toEqual([]);
  return parsed;
}

/** The export's order: newest first, ties by id, as the inbox lists them. */
export const newestFirst = <T extends { createdAt: string; id: string }>(responses: readonly T[]): T[] =>
  [...responses].sort((a, b) => (`${a.createdAt}#${a.id}` < `${b.createdAt}#${b.id}` ? 1 : -1));

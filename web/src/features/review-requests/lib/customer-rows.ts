import Papa from 'papaparse';
import {
  maxReminderDays,
  maxRequestRows,
  requestMessages,
  requestRecipientRowSchema,
  requestRowLimits,
  smsCountryRefused,
  smsMessages,
  type RequestRecipientRow,
} from '@reviewroute/shared';
import { parseLanguage } from '@/lib/language';

/**
 * The customers the owner is about to send to, before the API sees them: typed in one by one, pasted or read
 * from a CSV file. Each row is checked by the shared row schema, the same rule the API applies, so the preview
 * shows exactly the errors that would refuse the batch, and only rows that pass are sent.
 */

export const rowFields = ['name', 'email', 'phone', 'language'] as const;
export type RowField = (typeof rowFields)[number];

/** A customer as typed or read from the file, every field a string (empty when absent). */
export type DraftRow = Record<RowField, string>;

export type RowErrors = Partial<Record<RowField, string>>;

export interface CheckedRow {
  /** Unique within the page, so the preview can remove a row. */
  key: string;
  /** The line in the file or pasted list it came from (the header counted), so the owner can find it. */
  line?: number;
  draft: DraftRow;
  /** Present when the row passes the schema. */
  value?: RequestRecipientRow;
  /** The schema's messages (untranslated: `rowErrorKey` names their text), by field. */
  errors: RowErrors;
}

/** Words owners write in a language column; anything else is left for the schema to refuse. */
const languageWords: Record<string, 'en' | 'nl'> = {
  english: 'en',
  engels: 'en',
  dutch: 'nl',
  nederlands: 'nl',
  vlaams: 'nl',
};

/** `EN`, `nl-BE`, `Dutch`, `Nederlands` read as the language; empty stays absent (the survey's language). */
function languageOf(raw: string): string | undefined {
  const value = raw.trim();
  if (!value) return undefined;
  return parseLanguage(value) ?? languageWords[value.toLowerCase()] ?? value;
}

let nextKey = 0;
const newKey = () => `row-${(nextKey += 1)}`;

/** Checks one row with the shared schema; the errors keep the schema's first message per field. */
export function checkRow(draft: DraftRow, key: string = newKey()): CheckedRow {
  const parsed = requestRecipientRowSchema.safeParse({
    name: draft.name,
    email: draft.email,
    phone: draft.phone,
    language: languageOf(draft.language),
  });
  if (parsed.success) return { key, draft, value: parsed.data, errors: {} };
  const errors: RowErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (rowFields as readonly string[]).includes(field)) {
      errors[field as RowField] ??= issue.message;
    }
  }
  return { key, draft, errors };
}

/** Which column of the table holds each field; `null`: none (a missing language is the survey's). */
export type ColumnMapping = Record<RowField, number | null>;

export interface ParsedTable {
  /** The header row's labels, or `Column 1…n` when the first row is already a customer. */
  headers: string[];
  hasHeader: boolean;
  rows: string[][];
  mapping: ColumnMapping;
}

const headerPatterns: Record<RowField, RegExp> = {
  name: /^(full[\s_-]*)?name$|naam|customer|klant|client|contact|^first[\s_-]*name|voornaam/i,
  email: /e-?mail|mail|adres|address/i,
  phone: /phone|telefoon|^tel\b|mobile|mobiel|^gsm|^sms|cell/i,
  language: /lang|taal|locale|^lng$/i,
};

const looksLikeEmail = (value: string) => /\S+@\S+\.\S+/.test(value);
/** Digits as numbers are written (eight at least, with spaces, dashes, brackets, a + or 00 before): a phone column. */
const looksLikePhone = (value: string) => /^\+?[\d\s().\-/]{8,30}$/.test(value) && /(\d\D*){8}/.test(value);
/** A cell no header holds: a customer's address or number. */
const looksLikeContact = (value: string) => looksLikeEmail(value) || looksLikePhone(value);

/** The first column whose header matches a field's pattern, other than one already taken. */
function guessByHeader(headers: string[]): ColumnMapping {
  const taken = new Set<number>();
  const find = (field: RowField) => {
    const index = headers.findIndex((h, i) => !taken.has(i) && headerPatterns[field].test(h.trim()));
    if (index === -1) return null;
    taken.add(index);
    return index;
  };
  // The address and the number first: "E-mail address" would otherwise read as a name column ("…ress" is not, but
  // "contact e-mail" is), and "Contact phone" too.
  const email = find('email');
  const phone = find('phone');
  const language = find('language');
  const name = find('name');
  return { name, email, phone, language };
}

/**
 * Without a header: the column with addresses is the e-mail, the one with phone numbers the phone, a column of en/nl
 * the language, the first other the name.
 */
function guessByContent(rows: string[][]): ColumnMapping {
  const width = Math.max(0, ...rows.map((r) => r.length));
  const sample = rows.slice(0, 20);
  // Of the cells filled in: a customer with a number only leaves the address column empty, and the other way round.
  const share = (index: number, test: (v: string) => boolean) => {
    const filled = sample.map((r) => r[index]?.trim() ?? '').filter(Boolean);
    return filled.filter(test).length / Math.max(1, filled.length);
  };
  const columns = Array.from({ length: width }, (_, i) => i);
  const email = columns.find((i) => share(i, looksLikeEmail) >= 0.5) ?? null;
  const phone = columns.find((i) => i !== email && share(i, looksLikePhone) >= 0.5) ?? null;
  const taken = [email, phone];
  const language =
    columns.find((i) => !taken.includes(i) && share(i, (v) => /^(en|nl)([-_]\w+)?$/i.test(v)) >= 0.5) ?? null;
  const name = columns.find((i) => !taken.includes(i) && i !== language) ?? null;
  return { name, email, phone, language };
}

/**
 * Reads a CSV file or a pasted list (comma, semicolon or tab separated, one customer a line) with papaparse. The
 * first line is a header when none of its cells is an address or a phone number; the columns are guessed from the
 * header's words (English or Dutch) or, without one, from the values.
 */
export function parseTable(text: string): ParsedTable {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t', '|'],
  });
  const all = result.data.map((row) => row.map((cell) => cell ?? ''));
  const first = all[0] ?? [];
  const hasHeader = all.length > 0 && !first.some((cell) => looksLikeContact(cell.trim()));
  const rows = hasHeader ? all.slice(1) : all;
  const width = Math.max(0, ...all.map((r) => r.length));
  const headers = hasHeader
    ? Array.from({ length: width }, (_, i) => first[i]?.trim() || `#${i + 1}`)
    : Array.from({ length: width }, (_, i) => `#${i + 1}`);
  let mapping = hasHeader ? guessByHeader(headers) : guessByContent(rows);
  // A header that names neither an address nor a number column: the values may still say which one it is.
  if (hasHeader && mapping.email === null && mapping.phone === null)
    mapping = { ...guessByContent(rows), ...pickSet(mapping) };
  return { headers, hasHeader, rows, mapping };
}

const pickSet = (mapping: ColumnMapping): Partial<ColumnMapping> =>
  Object.fromEntries(Object.entries(mapping).filter(([, v]) => v !== null));

/** The table's rows as customers under a mapping, each checked. */
export function rowsOfTable(table: Pick<ParsedTable, 'rows' | 'hasHeader'>, mapping: ColumnMapping): CheckedRow[] {
  const cell = (row: string[], index: number | null) => (index === null ? '' : (row[index] ?? ''));
  const offset = table.hasHeader ? 2 : 1;
  return table.rows.map((row, i) => ({
    ...checkRow(
      {
        name: cell(row, mapping.name),
        email: cell(row, mapping.email),
        phone: cell(row, mapping.phone),
        language: cell(row, mapping.language),
      },
      `line-${i}`,
    ),
    line: i + offset,
  }));
}

/** The shared schema's messages, by the key of their translation (`requests:rowErrors.<key>`). */
const messageKeys = {
  [requestMessages.nameRequired]: 'nameRequired',
  [requestMessages.emailRequired]: 'emailRequired',
  [requestMessages.emailInvalid]: 'emailInvalid',
  [requestMessages.phoneInvalid]: 'phoneInvalid',
  [requestMessages.contactRequired]: 'contactRequired',
  [requestMessages.languageInvalid]: 'languageInvalid',
  [requestMessages.nameTooLong]: 'nameTooLong',
  [requestMessages.templateTooLong]: 'templateTooLong',
  [requestMessages.permissionRequired]: 'permissionRequired',
  [requestMessages.templateNeedsUrl]: 'templateNeedsUrl',
  [requestMessages.templateLinksInTrial]: 'templateLinksInTrial',
  [requestMessages.sendAtInvalid]: 'sendAtInvalid',
  [requestMessages.rowsRequired]: 'rowsRequired',
  [requestMessages.tooManyRows]: 'tooManyRows',
  [requestMessages.reminderDaysInvalid]: 'reminderDaysInvalid',
  [smsCountryRefused]: 'phoneCountryNotAllowed',
  [smsMessages.tooManySegments]: 'smsTooManySegments',
} as const;
export type RequestMessageKey = (typeof messageKeys)[keyof typeof messageKeys] | 'invalid';

/** The limits the translations of those messages name. */
export const rowErrorValues = {
  nameMax: requestRowLimits.name,
  templateMax: requestRowLimits.template,
  rowsMax: maxRequestRows,
  reminderMax: maxReminderDays,
} as const;

/** The translation key of a schema message; an unknown one (a newer API) reads as invalid. */
export const messageKeyOf = (message: string | undefined): RequestMessageKey =>
  (message && (messageKeys as Record<string, RequestMessageKey>)[message]) || 'invalid';

import Papa from 'papaparse';
import { businessTimeZone, csvDelimiters, formatSpreadsheetDateTime, type Language } from '@reviewroute/shared';
import type { InboxResponseRecord } from '../../data/response-store';
import { mailCatalogues } from '../../mail/render';

/** The byte order mark: spreadsheet programs (Excel above all) read the file as UTF-8 only with it. */
export const utf8Bom = '\uFEFF';

/** The file's columns, in order; their headers come from the file's language (the mail catalogues' `csvExport`). */
export const csvColumns = [
  'date',
  'rating',
  'comment',
  'name',
  'email',
  'reviewClicked',
  'state',
  'note',
  'invitation',
  'invitedAt',
  'everyoneOfferedPublicReview',
  'website',
  'websiteName',
  'responseId',
] as const;

/** A response as exported: the record with what the owner added in the inbox (its state and private note). */
export type ExportedResponse = InboxResponseRecord;

/**
 * A text a spreadsheet would run as a formula when the file is opened: one starting with =, +, -, @, a tab or
 * a carriage return, whatever follows. Papa's own pattern (`escapeFormulae: true`) needs the rest on one
 * line, so a comment of two lines starting with = would slip through it.
 */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * How a file in this language is written: its language's separator (Excel splits a CSV on the list separator
 * of the computer's region, a semicolon where the comma is the decimal mark), RFC 4180's line break, and no
 * formula: such a text is prefixed with ' (and quoted), which spreadsheets show as the text it is.
 */
const unparseOptionsOf = (language: Language): Papa.UnparseConfig => ({
  delimiter: csvDelimiters[language],
  newline: '\r\n',
  escapeFormulae: formulaStart,
  header: false,
});

const textsOf = (language: Language) => mailCatalogues[language].csvExport;

/** The header line (with its line break), in the file's language. */
export function csvHeader(language: Language): string {
  const texts = textsOf(language);
  return Papa.unparse([csvColumns.map((column) => texts.columns[column])], unparseOptionsOf(language)) + '\r\n';
}

/**
 * A page of responses as CSV lines (each ending in a line break); '' for none. Times are the business's local
 * time in the form spreadsheets read as a date in any locale (`2026-11-29 06:19:00`).
 */
export function csvRows(
  responses: readonly ExportedResponse[],
  language: Language,
  timeZone: string = businessTimeZone,
): string {
  if (responses.length === 0) return '';
  const texts = textsOf(language);
  const rows = responses.map((r) => [
    formatSpreadsheetDateTime(r.createdAt, timeZone),
    r.rating,
    r.comment ?? '',
    r.customerName ?? '',
    r.customerEmail ?? '',
    r.googleReviewClicked ? texts.yes : texts.no,
    texts.states[r.state],
    r.note ?? '',
    ...evidenceCells(r, texts, timeZone),
    r.id,
  ]);
  return Papa.unparse(rows, unparseOptionsOf(language)) + '\r\n';
}

/**
 * The response's evidence and website consent (decisions 27): how it was invited, when, the survey's switch of
 * decisions 6 then, and whether (and as whom) it may be shown on the website or why the owner took it off.
 * A response stored before evidence was kept leaves those cells empty rather than guess.
 */
function evidenceCells(r: ExportedResponse, texts: ReturnType<typeof textsOf>, timeZone: string): string[] {
  const { evidence, websiteConsent: consent } = r;
  const website = !consent
    ? texts.no
    : consent.hiddenReason
      ? texts.hiddenFromWebsite.replace('{{reason}}', texts.hideReasons[consent.hiddenReason])
      : texts.yes;
  return [
    evidence ? texts.invitations[evidence.invitation] : '',
    evidence?.invitedAt ? formatSpreadsheetDateTime(evidence.invitedAt, timeZone) : '',
    evidence ? (evidence.everyoneOfferedPublicReview ? texts.yes : texts.no) : '',
    website,
    consent?.shownAs ?? '',
  ];
}

/** What the browser saves the file as: the business's name (made safe for a file name) and the day. */
export function csvFileName(language: Language, businessName: string, day: string): string {
  const business =
    businessName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase()
      .slice(0, 40) || 'survey';
  return textsOf(language).fileName.replace('{{business}}', business).replace('{{date}}', day);
}

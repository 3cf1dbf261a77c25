import Papa from 'papaparse';
import type { Language } from '@reviewroute/shared';
import type { InboxResponseRecord, SurveyResponseRecord } from '../../data/repositories';
import { mailCatalogues } from '../../mail/render';

/** The byte order mark: spreadsheet programs (Excel above all) read the file as UTF-8 only with it. */
export const utf8Bom = '\uFEFF';

/** The file's columns, in order; their headers come from the owner's language (the mail catalogues' `csvExport`). */
export const csvColumns = [
  'date',
  'rating',
  'comment',
  'name',
  'email',
  'reviewClicked',
  'state',
  'responseId',
] as const;

/** A response as exported: the record with its inbox state (and note, which the file leaves out: it is private). */
export type ExportedResponse = Pick<InboxResponseRecord, keyof SurveyResponseRecord | 'state'>;

const unparseOptions: Papa.UnparseConfig = {
  // RFC 4180's line break, which every spreadsheet program reads.
  newline: '\r\n',
  // A comment starting with =, +, - or @ would run as a formula when the file is opened: prefixed with '.
  escapeFormulae: true,
  header: false,
};

const textsOf = (language: Language) => mailCatalogues[language].csvExport;

/** The header line (with its line break), in the owner's language. */
export function csvHeader(language: Language): string {
  const texts = textsOf(language);
  return Papa.unparse([csvColumns.map((column) => texts.columns[column])], unparseOptions) + '\r\n';
}

/** A page of responses as CSV lines (each ending in a line break); '' for none. */
export function csvRows(responses: readonly ExportedResponse[], language: Language): string {
  if (responses.length === 0) return '';
  const texts = textsOf(language);
  const rows = responses.map((r) => [
    r.createdAt,
    r.rating,
    r.comment ?? '',
    r.customerName ?? '',
    r.customerEmail ?? '',
    r.googleReviewClicked ? texts.yes : texts.no,
    texts.states[r.state],
    r.id,
  ]);
  return Papa.unparse(rows, unparseOptions) + '\r\n';
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

import * as z from 'zod';
import { languages, type Language } from './domain/language';
import { inboxFilterSchema } from './inbox';

/**
 * The CSV export of a survey's responses: the owner starts a job (optionally with the inbox's filter), the
 * exports worker writes the file page by page to the assets bucket, and the status route reports its
 * progress and, once done, a short-lived download link.
 */
export const exportJobStates = ['queued', 'running', 'done', 'failed'] as const;
export type ExportJobState = (typeof exportJobStates)[number];

/** How long a download link works: long enough to click it, short enough that a leaked one is soon useless. */
export const exportLinkTtlSeconds = 15 * 60;

/**
 * CSV exports an owner may start per hour (a joined running export is not counted): far more than anyone
 * downloads by hand, and each reads every response of its survey, so a script cannot keep the exports worker busy.
 */
export const exportsPerOwnerHour = 10;

/** How long a finished file and its job are kept (the bucket's lifecycle rule and the job item's TTL). */
export const exportRetentionDays = 1;

/**
 * The field separator each language's spreadsheet programs expect when they open a CSV: Dutch Excel (and
 * LibreOffice in Dutch) splits on the semicolon, as the comma is the decimal mark there; English on the comma.
 */
export const csvDelimiters: Record<Language, ',' | ';'> = { en: ',', nl: ';' };

/**
 * `language`: the language of the page the export was started from, which the file's headers, values and
 * separator follow (absent, from an older client: the owner's stored language).
 */
export const startExportSchema = z.object({
  filter: inboxFilterSchema.optional(),
  language: z.enum(languages).optional(),
});
export type StartExport = z.infer<typeof startExportSchema>;

export const exportStartedSchema = z.object({ id: z.string() });
export type ExportStarted = z.infer<typeof exportStartedSchema>;

export const exportJobSchema = z.object({
  id: z.string(),
  state: z.enum(exportJobStates),
  /** Data rows written so far (the header not counted). */
  rows: z.number().int().nonnegative(),
  /** Present once the state is `done`: a presigned GET of the file, valid until `downloadExpiresAt`. */
  downloadUrl: z.string().nullable(),
  downloadExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ExportJob = z.infer<typeof exportJobSchema>;

import { formatSpreadsheetDateTime } from '@reviewroute/shared';
import type { ExportFiles } from '../../data/export-files';
import { exportStaleMs, type ExportJobRecord, type ExportJobStore } from '../../data/export-jobs';
import type { ResponseStore } from '../../data/response-store';
import type { SurveyRepository } from '../../data/survey-repository';
import { logger } from '../../lib/logger';
import { csvFileName, csvHeader, csvRows, utf8Bom } from './csv';

export interface ExporterDeps {
  jobs: Pick<ExportJobStore, 'claim' | 'progress' | 'finish'>;
  responses: Pick<ResponseStore, 'inboxNewestFirst'>;
  surveys: Pick<SurveyRepository, 'get'>;
  files: ExportFiles;
  now?: () => Date;
  /** Responses read per query (a page per star partition in memory at a time). */
  pageSize?: number;
}

// A run without progress for this long died; its store holds the rule (the survey's lock lapses with it).
export { exportStaleMs };

/**
 * Writes one job's file: the BOM and the header in the job's language, then the survey's responses that the
 * inbox filter keeps, newest first, page by page (`inboxNewestFirst`: the inbox index in its own order, never
 * a sort of everything), each page appended as CSV to the upload, which sends a part whenever a part's worth is
 * buffered. Only a page per star partition and one part are ever in memory, whatever the number of responses.
 * The rows written so far are recorded after each page. A failure aborts the upload (no partial file) and marks
 * the job failed; the owner starts another.
 */
export async function runExport(deps: ExporterDeps, job: ExportJobRecord): Promise<'done' | 'failed'> {
  const now = () => (deps.now ?? (() => new Date()))().toISOString();
  const pageSize = deps.pageSize ?? 1000;
  const { surveyId, id, language, filter } = job;
  const survey = await deps.surveys.get(job.ownerId, surveyId);
  if (!survey) {
    await deps.jobs.finish(surveyId, id, 'failed', 0, now());
    return 'failed';
  }
  const upload = await deps.files.open(
    job.fileKey,
    // The day as the business counts it (an export started at 00:30 in Amsterdam is of that day, not the UTC one).
    csvFileName(language, survey.businessName, formatSpreadsheetDateTime(job.createdAt).slice(0, 10)),
  );
  let rows = 0;
  try {
    await upload.write(utf8Bom + csvHeader(language));
    // A page per `pageSize` responses looked at, even when the filter kept none of them: the progress written
    // after each tells the status route the run is alive however few responses match.
    for await (const page of deps.responses.inboxNewestFirst(surveyId, filter ?? {}, pageSize)) {
      if (page.length > 0) await upload.write(csvRows(page, language));
      rows += page.length;
      await deps.jobs.progress(surveyId, id, rows, now());
    }
    await upload.complete();
    await deps.jobs.finish(surveyId, id, 'done', rows, now());
    logger.info('Export written', { surveyId, exportId: id, rows });
    return 'done';
  } catch (error) {
    logger.error('Export failed', { surveyId, exportId: id, rows, error: String(error) });
    await upload.abort();
    await deps.jobs.finish(surveyId, id, 'failed', rows, now()).catch(() => undefined);
    return 'failed';
  }
}

/** The worker's part: claims the job (a redelivered record finds it claimed) and writes it. */
export async function claimAndRun(
  deps: ExporterDeps,
  surveyId: string,
  exportId: string,
): Promise<'done' | 'failed' | 'skipped'> {
  const at = (deps.now ?? (() => new Date()))();
  const job = await deps.jobs.claim(
    surveyId,
    exportId,
    at.toISOString(),
    new Date(at.getTime() - exportStaleMs).toISOString(),
  );
  if (!job) return 'skipped';
  return runExport(deps, job);
}

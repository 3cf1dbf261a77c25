import {
  exportLinkTtlSeconds,
  exportRetentionDays,
  exportsPerOwnerHour,
  surveyMessages,
  type ExportJob,
  type ExportStarted,
  type InboxFilter,
  type Language,
  type StartExport,
} from '@reviewroute/shared';
import { exportFileKey, type ExportFiles } from '../../data/export-files';
import type { ExportJobRecord, ExportJobStore } from '../../data/export-jobs';
import type { OwnerContacts } from '../../data/owner-contacts';
import { rateSlot, retryAfterSeconds, type RateLimiter } from '../../data/rate-window';
import type { SurveyRepository } from '../../data/survey-repository';
import { ApiError } from '../../lib/api-error';
import { newId as defaultNewId } from '../../lib/ids';
import { exportStaleMs } from './exporter';

export interface ExportServiceDeps {
  surveys: Pick<SurveyRepository, 'get'>;
  jobs: Pick<ExportJobStore, 'create' | 'get' | 'running'>;
  /** Counts the exports each owner starts per hour (`exportsPerOwnerHour`). */
  limiter: RateLimiter;
  files: Pick<ExportFiles, 'downloadUrl'>;
  /** The owner's language (Cognito's `locale`, as the owner mails read it). */
  contacts: OwnerContacts;
  now?: () => Date;
  newId?: () => string;
}

/** Ids this API hands out are UUIDs; anything else cannot exist (and must not reach DynamoDB as a key). */
const plausibleId = /^[A-Za-z0-9-]{1,64}$/;
const notFound = () => new ApiError('NOT_FOUND', surveyMessages.surveyNotFound);
export const exportMessages = { exportNotFound: 'Export not found' } as const;

/** The rate-window key of an owner's exports (erased with the account, exports' owner data). */
export const exportRateKey = (userId: string) => `exports:${userId}`;

/** A filter's canonical form: its set fields in one order (an empty filter is none). */
const filterKey = (filter: InboxFilter | undefined) =>
  JSON.stringify(
    Object.entries(filter ?? {})
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );

export function createExportService(deps: ExportServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const newId = deps.newId ?? (() => defaultNewId());

  async function ownSurvey(userId: string, surveyId: string) {
    if (!plausibleId.test(surveyId) || !(await deps.surveys.get(userId, surveyId))) throw notFound();
  }

  return {
    /**
     * Records a queued job; the exports worker picks it up from the table's stream. Another owner's survey: 404.
     * The file is in `language`, the language of the page the owner started it from (their stored language
     * when a client sends none). One export per survey at a time: while one runs, the same export (filter and
     * language) asked again answers the running one's id (a second click, another tab: the button follows it),
     * another one 409 EXPORT_RUNNING. At most `exportsPerOwnerHour` new exports per owner and hour, else 429
     * EXPORT_LIMIT_REACHED with Retry-After.
     */
    async start(userId: string, surveyId: string, { filter, language: asked }: StartExport): Promise<ExportStarted> {
      await ownSurvey(userId, surveyId);
      const language: Language = asked ?? (await deps.contacts.contactOf(userId))?.language ?? 'en';
      const at = now();
      const joinOrRefuse = async (running: string): Promise<ExportStarted> => {
        const job: ExportJobRecord | undefined = await deps.jobs.get(surveyId, running);
        if (job && job.ownerId === userId && job.language === language && filterKey(job.filter) === filterKey(filter))
          return { id: running };
        throw new ApiError('EXPORT_RUNNING');
      };
      // Joining costs nothing; only a new export counts toward the hour's limit.
      const running = await deps.jobs.running(surveyId, at.toISOString());
      if (running) return joinOrRefuse(running);
      const slot = rateSlot(exportRateKey(userId), { limit: exportsPerOwnerHour, windowSeconds: 60 * 60 }, at);
      if (!(await deps.limiter.consume(slot)))
        throw new ApiError('EXPORT_LIMIT_REACHED', undefined, undefined, {
          'retry-after': String(retryAfterSeconds(slot, at)),
        });
      const id = newId();
      const refused = await deps.jobs.create({
        surveyId,
        id,
        ownerId: userId,
        language,
        filter,
        fileKey: exportFileKey(surveyId, id),
        state: 'queued',
        rows: 0,
        createdAt: at.toISOString(),
        updatedAt: at.toISOString(),
        expiresAt: Math.floor(at.getTime() / 1000) + exportRetentionDays * 24 * 60 * 60,
      });
      // Another start of the survey won the race since the look above.
      if (refused) return joinOrRefuse(refused.running);
      return { id };
    },

    /** The job's progress; once done, a download link valid for `exportLinkTtlSeconds`. */
    async status(userId: string, surveyId: string, exportId: string): Promise<ExportJob> {
      await ownSurvey(userId, surveyId);
      const job = plausibleId.test(exportId) ? await deps.jobs.get(surveyId, exportId) : undefined;
      if (!job || job.ownerId !== userId) throw new ApiError('NOT_FOUND', exportMessages.exportNotFound);
      const at = now();
      // A run that stopped making progress died with its Lambda: say so, so the owner can start another.
      const stale =
        (job.state === 'running' || job.state === 'queued') &&
        at.getTime() - new Date(job.updatedAt).getTime() > exportStaleMs;
      const state = stale ? 'failed' : job.state;
      const done = state === 'done';
      return {
        id: job.id,
        state,
        rows: job.rows,
        downloadUrl: done ? await deps.files.downloadUrl(job.fileKey, exportLinkTtlSeconds) : null,
        downloadExpiresAt: done ? new Date(at.getTime() + exportLinkTtlSeconds * 1000).toISOString() : null,
        createdAt: job.createdAt,
      };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;

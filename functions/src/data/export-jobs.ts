import { Entity, type EntityConfiguration } from 'electrodb';
import {
  exportJobStates,
  languages,
  inboxFilterSchema,
  type ExportJobState,
  type InboxFilter,
  type Language,
} from '@reviewroute/shared';
import { deleteInBatches } from './batch-delete';
import { isConditionalCheckFailure } from './conditional-check';
import { epochSeconds, tombstoneAbsent, tombstoneRefused } from './erasure-repository';
import { AccountErasedError } from '../lib/erasure-guard';
import { transactWhileBusy } from './busy-retry';
import type { Entities } from './entities';
import { tableService } from './table-service';

/** One CSV export job as the services see it. */
export interface ExportJobRecord {
  surveyId: string;
  id: string;
  ownerId: string;
  /** The language of the file's headers and words (the owner's, when the job was started). */
  language: Language;
  filter: InboxFilter | undefined;
  /** Where the file goes in the assets bucket. */
  fileKey: string;
  state: ExportJobState;
  rows: number;
  createdAt: string;
  updatedAt: string;
  /** Epoch seconds (the table's TTL). */
  expiresAt: number;
}

/**
 * A run that made no progress for this long died (the worker's Lambda timed out or crashed): its job may be
 * claimed again, the status route reports it as failed, and it no longer holds its survey.
 */
export const exportStaleMs = 2 * 60 * 1000;

/**
 * The owner of export jobs (`SURVEY#{surveyId}/EXPORT#{exportId}`) and of each survey's export lock
 * (`SURVEY#{surveyId}/EXPORTLOCK`: the one export being written, held until `exportStaleMs` after its last
 * sign of life), the only module that writes them. A job goes queued → running → done or failed; the exports
 * worker claims it before it writes anything, so a stream record delivered twice writes the file once (a run
 * that died is claimed again once its last progress is stale).
 */
export interface ExportJobStore {
  /**
   * Creates the job (its id is new, so it never exists) and makes it its survey's one running export, on the
   * conditions that no other export holds the survey (else `{ running }`: the export that does, and nothing
   * is written) and that its owner has no live erasure tombstone, as every creating write of an owner (else
   * `AccountErasedError`).
   */
  create(job: ExportJobRecord): Promise<{ running: string } | undefined>;
  /** The export holding the survey at `now` (queued or running, alive), if any. */
  running(surveyId: string, now: string): Promise<string | undefined>;
  /** The job, read consistently; undefined when there is none. */
  get(surveyId: string, exportId: string): Promise<ExportJobRecord | undefined>;
  /**
   * Makes the job `running` if it is queued, or running with no progress since `staleBefore` (its run died):
   * the job when this caller got it, else undefined (another run has it, or it is finished or gone).
   */
  claim(surveyId: string, exportId: string, now: string, staleBefore: string): Promise<ExportJobRecord | undefined>;
  /** Rows written so far, while the job runs. */
  progress(surveyId: string, exportId: string, rows: number, now: string): Promise<void>;
  /** The end of a run. */
  finish(surveyId: string, exportId: string, state: 'done' | 'failed', rows: number, now: string): Promise<void>;
  /** Every job of the survey and its lock (its files are the assets' `exports/{surveyId}/` prefix). Idempotent. */
  deleteBySurvey(surveyId: string): Promise<void>;
}

/** Until when a sign of life at `now` holds the survey. */
export const heldUntilAfter = (now: string) => new Date(Date.parse(now) + exportStaleMs).toISOString();

const filterOf = (json: string | undefined): InboxFilter | undefined => {
  if (!json) return undefined;
  const parsed = inboxFilterSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : undefined;
};

export function createDynamoExportJobStore(entitiesOf: () => Entities, clock: () => number = Date.now): ExportJobStore {
  type Item = NonNullable<Awaited<ReturnType<ReturnType<Entities['exportJob']['get']>['go']>>['data']>;
  const toRecord = (item: Item): ExportJobRecord => ({
    surveyId: item.surveyId,
    id: item.exportId,
    ownerId: item.ownerId,
    language: item.language,
    filter: filterOf(item.filter),
    fileKey: item.fileKey,
    state: item.state,
    rows: item.rows,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    expiresAt: item.expiresAt,
  });

  /** The lock's new sign of life, if this export still holds it (a stale one may have been taken over). */
  async function hold(surveyId: string, exportId: string, now: string) {
    try {
      await entitiesOf()
        .exportLock.patch({ surveyId })
        .set({ heldUntil: heldUntilAfter(now) })
        .where((a, op) => op.eq(a.exportId, exportId))
        .go({ response: 'none' });
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
  }

  async function running(surveyId: string, now: string) {
    const { data } = await entitiesOf().exportLock.get({ surveyId }).go({ consistent: true });
    return data && data.heldUntil >= now ? data.exportId : undefined;
  }

  return {
    running,

    async create(job) {
      const what = `Starting export ${job.id}`;
      // With the owner's tombstone as a condition: a request that passed the route's early check just before
      // the erasure began writes no job (and so no file) the erasure would not find.
      const reasons = await transactWhileBusy(what, () =>
        entitiesOf()
          .service.transaction.write((tx) => [
            tx.exportJob
              .create({
                surveyId: job.surveyId,
                exportId: job.id,
                ownerId: job.ownerId,
                language: job.language,
                ...(job.filter && Object.keys(job.filter).length > 0 ? { filter: JSON.stringify(job.filter) } : {}),
                fileKey: job.fileKey,
                state: job.state,
                rows: job.rows,
                createdAt: job.createdAt,
                updatedAt: job.updatedAt,
                expiresAt: job.expiresAt,
              })
              .commit(),
            // One export per survey at a time: the lock is free, or its holder stopped showing signs of life.
            tx.exportLock
              .put({
                surveyId: job.surveyId,
                exportId: job.id,
                heldUntil: heldUntilAfter(job.createdAt),
                expiresAt: job.expiresAt,
              })
              .where((a, op) => `${op.notExists(a.exportId)} OR ${op.lt(a.heldUntil, job.createdAt)}`)
              .commit(),
            tombstoneAbsent(job.ownerId, epochSeconds(clock))(tx),
          ])
          .go(),
      );
      if (!reasons) return undefined;
      if (tombstoneRefused(reasons)) throw new AccountErasedError(what);
      if (reasons[1]?.code === 'ConditionalCheckFailed') {
        const holder = await running(job.surveyId, job.createdAt);
        // Released between the refusal and this read: the caller may simply try again.
        if (holder) return { running: holder };
      }
      throw new Error(`${what} was refused: ${reasons.map((r) => r.code).join(', ')}`);
    },

    async get(surveyId, exportId) {
      const { data } = await entitiesOf().exportJob.get({ surveyId, exportId }).go({ consistent: true });
      return data ? toRecord(data) : undefined;
    },

    async claim(surveyId, exportId, now, staleBefore) {
      try {
        const { data } = await entitiesOf()
          .exportJob.patch({ surveyId, exportId })
          .set({ state: 'running', rows: 0, updatedAt: now })
          .where(
            (a, op) =>
              `${op.eq(a.state, 'queued')} OR (${op.eq(a.state, 'running')} AND ${op.lt(a.updatedAt, staleBefore)})`,
          )
          .go({ response: 'all_new' });
        await hold(surveyId, exportId, now);
        return toRecord(data as Item);
      } catch (error) {
        if (isConditionalCheckFailure(error)) return undefined;
        throw error;
      }
    },

    async progress(surveyId, exportId, rows, now) {
      await entitiesOf().exportJob.patch({ surveyId, exportId }).set({ rows, updatedAt: now }).go({ response: 'none' });
      await hold(surveyId, exportId, now);
    },

    async finish(surveyId, exportId, state, rows, now) {
      try {
        await entitiesOf()
          .exportJob.patch({ surveyId, exportId })
          .set({ state, rows, updatedAt: now })
          .go({ response: 'none' });
      } catch (error) {
        // The survey was deleted while the file was written: nothing to record.
        if (!isConditionalCheckFailure(error)) throw error;
      }
      // The survey is free for the next export (unless another already took over a lock this run let go stale).
      try {
        await entitiesOf()
          .exportLock.delete({ surveyId })
          .where((a, op) => op.eq(a.exportId, exportId))
          .go({ response: 'none' });
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
      }
    },

    async deleteBySurvey(surveyId) {
      await entitiesOf().exportLock.delete({ surveyId }).go({ response: 'none' });
      const { exportJob } = entitiesOf();
      const { data } = await exportJob.query
        .bySurvey({ surveyId })
        .go({ pages: 'all', consistent: true, attributes: ['surveyId', 'exportId'] });
      await deleteInBatches(
        (keys) => exportJob.delete(keys).go(),
        data.map(({ exportId }) => ({ surveyId, exportId })),
        'export jobs',
      );
    },
  };
}
/** This module's entities on the one table (`entities.ts` gathers every owner's into the one electrodb Service). */
export function exportJobEntities(config: EntityConfiguration) {
  /**
   * One CSV export of a survey's responses (owner: export-jobs.ts): who asked (`ownerId`), in which language its
   * headers are, the inbox filter (as JSON), its state and the rows written so far, the file's key. In the
   * survey's partition, so the survey's delete and the account erasure find it with one query; expires by TTL.
   */
  const exportJob = new Entity(
    {
      model: { entity: 'exportJob', version: '1', service: tableService },
      attributes: {
        surveyId: { type: 'string', required: true, readOnly: true },
        exportId: { type: 'string', required: true, readOnly: true },
        ownerId: { type: 'string', required: true, readOnly: true },
        language: { type: [...languages], required: true, readOnly: true },
        /** The inbox filter as JSON (absent: every response). */
        filter: { type: 'string', readOnly: true },
        fileKey: { type: 'string', required: true, readOnly: true },
        state: { type: [...exportJobStates], required: true },
        rows: { type: 'number', required: true },
        createdAt: { type: 'string', required: true, readOnly: true },
        updatedAt: { type: 'string', required: true },
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        bySurvey: {
          pk: { field: 'pk', composite: ['surveyId'], template: 'SURVEY#${surveyId}', casing: 'none' },
          sk: { field: 'sk', composite: ['exportId'], template: 'EXPORT#${exportId}', casing: 'none' },
        },
      },
    },
    config,
  );
  /**
   * The survey's one running export (owner: export-jobs.ts): which job holds the survey, until when (pushed on
   * by each sign of life of its run), deleted when the run finishes; expires by TTL with its job.
   */
  const exportLock = new Entity(
    {
      model: { entity: 'exportLock', version: '1', service: tableService },
      attributes: {
        surveyId: { type: 'string', required: true, readOnly: true },
        exportId: { type: 'string', required: true },
        heldUntil: { type: 'string', required: true },
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        bySurvey: {
          pk: { field: 'pk', composite: ['surveyId'], template: 'SURVEY#${surveyId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'EXPORTLOCK', casing: 'none' },
        },
      },
    },
    config,
  );
  return { exportJob, exportLock };
}

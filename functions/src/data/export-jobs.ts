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
 * The owner of export jobs (`SURVEY#{surveyId}/EXPORT#{exportId}`), the only module that writes them. A job goes
 * queued → running → done or failed; the exports worker claims it before it writes anything, so a stream record
 * delivered twice writes the file once (a run that died is claimed again once its last progress is stale).
 */
export interface ExportJobStore {
  /**
   * Creates the job (its id is new, so it never exists), on the condition that its owner has no live erasure
   * tombstone, as every creating write of an owner: else `AccountErasedError` and nothing is written.
   */
  create(job: ExportJobRecord): Promise<void>;
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
  /** Every job of the survey (its files are the assets' `exports/{surveyId}/` prefix). Idempotent. */
  deleteBySurvey(surveyId: string): Promise<void>;
}

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

  return {
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
            tombstoneAbsent(job.ownerId, epochSeconds(clock))(tx),
          ])
          .go(),
      );
      if (!reasons) return;
      if (tombstoneRefused(reasons)) throw new AccountErasedError(what);
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
        return toRecord(data as Item);
      } catch (error) {
        if (isConditionalCheckFailure(error)) return undefined;
        throw error;
      }
    },

    async progress(surveyId, exportId, rows, now) {
      await entitiesOf().exportJob.patch({ surveyId, exportId }).set({ rows, updatedAt: now }).go({ response: 'none' });
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
    },

    async deleteBySurvey(surveyId) {
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
  return { exportJob };
}

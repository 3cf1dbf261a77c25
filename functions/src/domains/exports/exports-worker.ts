import type { AttributeValue, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { LambdaEnv } from '@reviewroute/shared';
import { tableEntities } from '../../data/client';
import { createDynamoExportJobStore } from '../../data/export-jobs';
import { createDynamoResponseStore } from '../../data/response-store';
import { createDynamoSurveyRepository } from '../../data/survey-repository';
import { processLambdaEnv } from '../../lib/env';
import { configureLogger, logger } from '../../lib/logger';
import type { WorkerRun } from '../../worker-entries';
import { exportFilesOf } from './export-files-of';
import { claimAndRun, type ExporterDeps } from './exporter';

const text = (image: Record<string, AttributeValue> | undefined, name: string) => image?.[name]?.S || undefined;

/** A new export job (an INSERT of an `exportJob` item); every other record is passed over. */
export function newExportJobOf(record: DynamoDBRecord): { surveyId: string; exportId: string } | undefined {
  const image = record.dynamodb?.NewImage;
  if (record.eventName !== 'INSERT' || text(image, '__edb_e__') !== 'exportJob') return undefined;
  const surveyId = text(image, 'surveyId');
  const exportId = text(image, 'exportId');
  return surveyId && exportId ? { surveyId, exportId } : undefined;
}

/**
 * One batch of the table's stream: each new export job written, in order. A job's own failure is recorded on
 * the job (the owner sees it and starts another); only a failure to claim it throws, so the batch comes again
 * and the jobs claimed before find themselves claimed.
 */
export async function consumeExports(deps: ExporterDeps, event: DynamoDBStreamEvent): Promise<void> {
  for (const record of event.Records ?? []) {
    const job = newExportJobOf(record);
    if (!job) continue;
    const outcome = await claimAndRun(deps, job.surveyId, job.exportId);
    if (outcome === 'skipped') logger.info('Export already claimed', job);
  }
}

/** The exports worker (`exports` in the worker table, shared/src/workers.ts), fed by the table's stream. */
export function createWorker(env: LambdaEnv, depsOf?: () => ExporterDeps): WorkerRun {
  configureLogger(env);
  const defaults = (): ExporterDeps => {
    const entities = tableEntities(env);
    return {
      jobs: createDynamoExportJobStore(entities),
      responses: createDynamoResponseStore(entities),
      surveys: createDynamoSurveyRepository(entities),
      files: exportFilesOf(env),
    };
  };
  let deps: ExporterDeps | undefined;
  return async (event) => {
    deps ??= (depsOf ?? defaults)();
    await consumeExports(deps, event as DynamoDBStreamEvent);
    return { batchItemFailures: [] };
  };
}

/** Lambda's entry: process.env, read when a variable is first needed. */
export const handler = createWorker(processLambdaEnv);

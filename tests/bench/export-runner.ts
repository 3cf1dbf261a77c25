// The exporter on its own, in a process of its own, so its peak memory is the exporter's and not the local
// stack's: `tsx tests/bench/export-runner.ts` with EXPORT_BENCH = { env, surveyId, ownerId } (JSON). Writes the
// survey's CSV to the stack's bucket through the real stores and prints one JSON line of figures.
import { lambdaEnvOf } from '@reviewroute/functions/lib/env';
import { tableEntities } from '@reviewroute/functions/data/client';
import { exportFileKey } from '@reviewroute/functions/data/export-files';
import { createDynamoExportJobStore } from '@reviewroute/functions/data/export-jobs';
import { createDynamoResponseStore } from '@reviewroute/functions/data/response-store';
import { createDynamoSurveyRepository } from '@reviewroute/functions/data/survey-repository';
import { exportFilesOf } from '@reviewroute/functions/domains/exports/export-files-of';
import { runExport } from '@reviewroute/functions/domains/exports/exporter';
import { newId } from '@reviewroute/functions/lib/ids';
import '../../infra/local/quiet-sdk-notices';

const {
  env: rawEnv,
  surveyId,
  ownerId,
} = JSON.parse(process.env.EXPORT_BENCH ?? '{}') as {
  env: Record<string, string>;
  surveyId: string;
  ownerId: string;
};
const env = lambdaEnvOf(rawEnv);
const entities = tableEntities(env);
const jobs = createDynamoExportJobStore(entities);
const id = newId();
const at = new Date().toISOString();
// Stored as running (not queued): the stack's own exports worker sees its INSERT and leaves it to this run.
const job = {
  surveyId,
  id,
  ownerId,
  language: 'nl' as const,
  filter: undefined,
  fileKey: exportFileKey(surveyId, id),
  state: 'running' as const,
  rows: 0,
  createdAt: at,
  updatedAt: at,
  expiresAt: Math.floor(Date.now() / 1000) + 3600,
};
await jobs.create(job);
const baselineMb = process.memoryUsage().rss / 1024 / 1024;
let peakHeapMb = 0;
const sampler = setInterval(() => {
  peakHeapMb = Math.max(peakHeapMb, process.memoryUsage().heapUsed / 1024 / 1024);
}, 20);
const started = performance.now();
const outcome = await runExport(
  {
    jobs,
    responses: createDynamoResponseStore(entities),
    surveys: createDynamoSurveyRepository(entities),
    files: exportFilesOf(env),
  },
  job,
);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
const stored = await jobs.get(surveyId, id);
console.log(
  JSON.stringify({
    outcome,
    rows: stored?.rows,
    fileKey: job.fileKey,
    seconds,
    baselineMb,
    // ru_maxrss is in kilobytes on Linux: the process's peak resident memory.
    peakMb: process.resourceUsage().maxRSS / 1024,
    peakHeapMb,
  }),
);
process.exit(0);

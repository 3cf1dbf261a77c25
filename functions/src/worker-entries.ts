import { fileURLToPath } from 'node:url';
import type { Context } from 'aws-lambda';
import type { LambdaEnv, StreamReaderDefinition, WorkerDefinition } from '@reviewroute/shared';

/**
 * Where each worker of the worker table lives: `domains/<domain>/<id>-worker.ts`. CDK bundles it as the
 * worker Lambda's entry (a stream worker's: through its reader's) and the local stack imports the very same
 * module, so both run one code path.
 */
export const workerEntry = (worker: Pick<WorkerDefinition, 'id' | 'domain'>): string =>
  fileURLToPath(new URL(`./domains/${worker.domain}/${worker.id}-worker.ts`, import.meta.url));

/**
 * Where each stream reader lives: `stream-readers/<id>-reader.ts`, a module like a worker's made of its workers'
 * modules (stream-readers/stream-reader.ts).
 */
export const streamReaderEntry = (reader: Pick<StreamReaderDefinition, 'id'>): string =>
  fileURLToPath(new URL(`./stream-readers/${reader.id}-reader.ts`, import.meta.url));

/** One run of a worker; the context says how long it may take (locally: a fixed budget). */
export type WorkerRun = (event?: unknown, context?: Pick<Context, 'getRemainingTimeInMillis'>) => Promise<unknown>;

/**
 * What every worker module exports: `handler`, Lambda's entry, which reads process.env; and `createWorker`,
 * the same run for a given environment, which the local stack calls with its own.
 */
export interface WorkerModule {
  handler: WorkerRun;
  createWorker(env: LambdaEnv): WorkerRun;
}

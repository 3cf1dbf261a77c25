import type { DynamoDBBatchItemFailure, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import {
  type LambdaEnv,
  type StreamReaderId,
  type WorkerId,
  matchesFilterPattern,
  streamFilterPattern,
  streamReaderHandoffs,
  streamReaderWorkers,
} from '@reviewroute/shared';
import { processLambdaEnv } from '../lib/env';
import { logger } from '../lib/logger';
import type { WorkerModule, WorkerRun } from '../worker-entries';
import { handoffRun, type AsyncInvoker } from './handoff';

/** One worker of a reader: its records (the worker table's `records`) and its run. */
interface Fed {
  readonly id: WorkerId;
  readonly pattern: Record<string, unknown>;
  readonly run: WorkerRun;
}

/**
 * One batch of the stream for every worker of a reader at once, each given only the records it takes (none: it
 * is not run). What any of them failed is reported (a worker that throws fails its records from its first on),
 * so Lambda delivers the batch again from the earliest of them, to all of them: each counts or claims what it
 * does once, so the others pass over what they did. A worker's failure never stops another's run.
 */
function feedAll(fed: readonly Fed[]): WorkerRun {
  return async (event, context) => {
    const records = (event as DynamoDBStreamEvent | undefined)?.Records ?? [];
    const failed = await Promise.all(
      fed.map(async ({ id, pattern, run }): Promise<DynamoDBBatchItemFailure[]> => {
        const taken = records.filter((record) => matchesFilterPattern(pattern, record));
        if (taken.length === 0) return [];
        try {
          const result = (await run({ Records: taken }, context)) as DynamoDBBatchResponse | undefined;
          return result?.batchItemFailures ?? [];
        } catch (error) {
          logger.error('Stream reader: a worker failed its batch', { worker: id, records: taken.length, error });
          return [{ itemIdentifier: taken[0]!.dynamodb?.SequenceNumber ?? '' }];
        }
      }),
    );
    return { batchItemFailures: failed.flat() } satisfies DynamoDBBatchResponse;
  };
}

/**
 * A stream reader's module (`streamReaders` in shared/src/workers.ts), from the modules of the workers it runs,
 * keyed by their ids: exactly the workers the worker table gives it, else it throws as it loads (a unit test
 * loads every reader). The workers it hands records to (`stream-handoff`) are not loaded: their records go to
 * their own Lambdas (`invoker`, for tests). Its `handler` is Lambda's entry; `createWorker(env)` the same for
 * the local stack.
 */
export function streamReader(
  reader: StreamReaderId,
  modules: Readonly<Record<string, WorkerModule>>,
  invoker?: AsyncInvoker,
): WorkerModule {
  const workers = streamReaderWorkers(reader);
  const ids = workers.map((worker) => worker.id as string).sort();
  const given = Object.keys(modules).sort();
  if (ids.join() !== given.join())
    throw new Error(`The ${reader} reader feeds ${ids.join(', ')} (the worker table), not ${given.join(', ')}`);
  const feed = (env: LambdaEnv, runOf: (mod: WorkerModule) => WorkerRun) =>
    feedAll([
      ...workers.map((worker) => ({
        id: worker.id,
        pattern: streamFilterPattern(worker.trigger.records),
        run: runOf(modules[worker.id]!),
      })),
      ...streamReaderHandoffs(reader).map((worker) => ({
        id: worker.id,
        pattern: streamFilterPattern(worker.trigger.records),
        run: handoffRun(worker, env, invoker),
      })),
    ]);
  return {
    handler: feed(processLambdaEnv, (mod) => mod.handler),
    createWorker: (env: LambdaEnv) => feed(env, (mod) => mod.createWorker(env)),
  };
}

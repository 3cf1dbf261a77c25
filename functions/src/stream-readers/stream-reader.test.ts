import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { streamReaders, type LambdaEnv } from '@reviewroute/shared';
import { streamReaderEntry, type WorkerModule, type WorkerRun } from '../worker-entries';
import type { AsyncInvoker } from './handoff';
import { streamReader } from './stream-reader';

const record = (sequence: string, entity: string, rating?: number): DynamoDBRecord => ({
  eventName: 'INSERT',
  dynamodb: {
    SequenceNumber: sequence,
    NewImage: { __edb_e__: { S: entity }, ...(rating ? { rating: { N: String(rating) } } : {}) },
  },
});

/** A worker module whose runs are `run`, for any environment, and which remembers the sequences it was given. */
function fakeWorker(run: (records: DynamoDBRecord[]) => Promise<unknown> = async () => ({ batchItemFailures: [] })) {
  const given: string[][] = [];
  const once: WorkerRun = async (event) => {
    const records = (event as DynamoDBStreamEvent).Records;
    given.push(records.map((r) => r.dynamodb!.SequenceNumber!));
    return run(records);
  };
  const mod: WorkerModule = { handler: once, createWorker: (_env: LambdaEnv) => once };
  return { mod, given };
}

/** An invoker that remembers what it was asked to start. */
const fakeInvoker = (invoked: unknown[]): AsyncInvoker => ({
  invokeAsync: async (functionName, payload) => {
    invoked.push({ functionName, payload });
  },
});

describe('stream reader', () => {
  it.each(streamReaders.map((reader) => [reader.id, reader] as const))(
    '%s: its module loads with exactly its workers of the worker table',
    async (_id, reader) => {
      const mod = (await import(streamReaderEntry(reader))) as Partial<WorkerModule>;
      expect(typeof mod.handler).toBe('function');
      expect(typeof mod.createWorker).toBe('function');
    },
  );

  it('refuses a module list that differs from the worker table', () => {
    const { mod } = fakeWorker();
    expect(() => streamReader('tallies', { stats: mod })).toThrow(/feeds funnel, stats/);
    // A worker it hands over is no module of the reader's.
    expect(() => streamReader('owner-jobs', { alerts: mod, exports: mod })).toThrow(/not alerts, exports/);
  });

  it('gives each worker only the records it takes, and runs none with nothing to take', async () => {
    const alerts = fakeWorker();
    const invoked: unknown[] = [];
    const run = streamReader('owner-jobs', { alerts: alerts.mod }, fakeInvoker(invoked)).createWorker({} as LambdaEnv);
    const result = await run({
      Records: [
        record('1', 'response', 5),
        record('2', 'response', 1),
        record('3', 'requestRecipient'),
        record('4', 'response', 2),
      ],
    });
    expect(result).toEqual({ batchItemFailures: [] });
    expect(alerts.given).toEqual([['2', '4']]);
    expect(invoked).toEqual([]);
  });

  it('hands each export job to the exports Lambda, one record an invoke, without waiting for its run', async () => {
    const alerts = fakeWorker();
    const invoked: { functionName: string; payload: unknown }[] = [];
    const run = streamReader('owner-jobs', { alerts: alerts.mod }, fakeInvoker(invoked)).createWorker({
      EXPORTS_WORKER_FUNCTION: 'exports-fn',
    } as LambdaEnv);
    const result = await run({
      Records: [record('1', 'exportJob'), record('2', 'response', 1), record('3', 'exportJob')],
    });
    expect(result).toEqual({ batchItemFailures: [] });
    expect(alerts.given).toEqual([['2']]);
    expect(invoked).toEqual([
      { functionName: 'exports-fn', payload: { Records: [record('1', 'exportJob')] } },
      { functionName: 'exports-fn', payload: { Records: [record('3', 'exportJob')] } },
    ]);
  });

  it('reports a record it could not hand over, so the event source hands it over again', async () => {
    const invoker: AsyncInvoker = {
      invokeAsync: async (_name, payload) => {
        const [only] = (payload as DynamoDBStreamEvent).Records;
        if (only?.dynamodb?.SequenceNumber === '3') throw new Error('throttled');
      },
    };
    const run = streamReader('owner-jobs', { alerts: fakeWorker().mod }, invoker).createWorker({
      EXPORTS_WORKER_FUNCTION: 'exports-fn',
    } as LambdaEnv);
    expect(await run({ Records: [record('1', 'exportJob'), record('3', 'exportJob')] })).toEqual({
      batchItemFailures: [{ itemIdentifier: '3' }],
    });
    // Without the function's name nothing can be handed over: every record is reported.
    const unnamed = streamReader('owner-jobs', { alerts: fakeWorker().mod }, invoker).createWorker({} as LambdaEnv);
    expect(await unnamed({ Records: [record('1', 'exportJob')] })).toEqual({
      batchItemFailures: [{ itemIdentifier: '1' }],
    });
  });

  it('reports what any worker failed, a worker that throws from its first record, and still runs the others', async () => {
    const stats = fakeWorker(async () => ({ batchItemFailures: [{ itemIdentifier: '4' }] }));
    const funnel = fakeWorker(async () => {
      throw new Error('table busy');
    });
    const run = streamReader('tallies', {
      stats: stats.mod,
      funnel: funnel.mod,
      'website-reviews': fakeWorker().mod,
    }).createWorker({} as LambdaEnv);
    const result = (await run({
      Records: [
        record('1', 'response', 5),
        record('2', 'exportJob'),
        record('3', 'requestRecipient'),
        record('4', 'response', 4),
        record('5', 'requestRecipient'),
      ],
    })) as { batchItemFailures: { itemIdentifier: string }[] };
    expect(result.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['3', '4']);
    expect(stats.given).toEqual([['1', '4']]);
    expect(funnel.given).toEqual([['3', '5']]);
  });
});

import type { AttributeValue } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { streamFilterPattern, workers } from '@reviewroute/shared';
import { matchesFilterPattern, startWorker } from './workers';

const worker = { id: 'test', trigger: { kind: 'schedule', everyMinutes: 1, localEveryMs: 1000 } } as const;

describe('local worker runner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the worker on its local interval, one run at a time, and a failed run does not stop the next', async () => {
    const starts: number[] = [];
    let finish: (() => void) | undefined;
    const lines: string[] = [];
    const run = async () => {
      starts.push(Date.now());
      if (starts.length === 1) throw new Error('table busy');
      await new Promise<void>((resolve) => (finish = resolve));
    };
    const stop = startWorker(worker, Promise.resolve(run), (line) => lines.push(line));
    await vi.advanceTimersByTimeAsync(999);
    expect(starts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts).toHaveLength(1);
    expect(lines).toEqual(['[test] run failed: Error: table busy']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(starts).toHaveLength(2);
    // The second run is still going: the ticks meanwhile are skipped, neither overlapping nor queueing.
    await vi.advanceTimersByTimeAsync(5000);
    expect(starts).toHaveLength(2);
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish!();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(starts).toHaveLength(2);
  });

  it('hands each run the local time budget, as Lambda would say its remaining time', async () => {
    const budgets: number[] = [];
    const stop = startWorker(
      worker,
      Promise.resolve(async (_event, context) => void budgets.push(context!.getRemainingTimeInMillis())),
    );
    await vi.advanceTimersByTimeAsync(1000);
    await stop();
    expect(budgets).toEqual([30_000]);
  });
});

describe('the stream workers’ record filters, locally', () => {
  const filterOf = (id: string) => {
    const worker = workers.find((w) => w.id === id);
    if (worker?.trigger.kind !== 'stream') throw new Error(`${id} is no stream worker`);
    return streamFilterPattern(worker.trigger.records);
  };
  const record = (eventName: string, image?: Record<string, AttributeValue>) => ({
    eventID: '1',
    eventName,
    dynamodb: { SequenceNumber: '100', ...(image ? { NewImage: image } : {}) },
  });
  const response = (rating: number) => ({ __edb_e__: { S: 'response' }, rating: { N: String(rating) } });

  it('lets through what each worker takes, as the event source mapping does in AWS', () => {
    const alerts = filterOf('alerts');
    expect([1, 2, 3, 4, 5].map((r) => matchesFilterPattern(alerts, record('INSERT', response(r))))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    // Lambda filters a DynamoDB stream on the record's `dynamodb` key only: the worker itself passes over a change.
    expect(matchesFilterPattern(alerts, record('MODIFY', response(1)))).toBe(true);

    const stats = filterOf('stats');
    expect(matchesFilterPattern(stats, record('INSERT', response(4)))).toBe(true);
    expect(matchesFilterPattern(stats, record('MODIFY', response(4)))).toBe(true);
    expect(matchesFilterPattern(stats, record('REMOVE'))).toBe(false);
    expect(matchesFilterPattern(stats, record('INSERT', { __edb_e__: { S: 'exportJob' } }))).toBe(false);

    const exports = filterOf('exports');
    expect(matchesFilterPattern(exports, record('INSERT', { __edb_e__: { S: 'exportJob' } }))).toBe(true);
    expect(matchesFilterPattern(exports, record('INSERT', response(5)))).toBe(false);
  });
});

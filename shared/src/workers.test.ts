import { describe, expect, it } from 'vitest';
import {
  matchesFilterPattern,
  streamFilterPattern,
  streamReaders,
  streamReadersAllowed,
  streamReaderFilters,
  streamReaderHandoffs,
  streamReaderTimeoutSeconds,
  streamReaderWorkers,
  workers,
} from './workers';

describe('the stream workers’ record filters', () => {
  const filterOf = (id: string) => {
    const worker = workers.find((w) => w.id === id);
    if (worker?.trigger.kind !== 'stream' && worker?.trigger.kind !== 'stream-handoff')
      throw new Error(`${id} is no stream worker`);
    return streamFilterPattern(worker.trigger.records);
  };
  const record = (eventName: string, image?: Record<string, unknown>) => ({
    eventID: '1',
    eventName,
    dynamodb: { SequenceNumber: '100', ...(image ? { NewImage: image } : {}) },
  });
  const response = (rating: number) => ({ __edb_e__: { S: 'response' }, rating: { N: String(rating) } });

  it('let through what each worker takes, as the event source mapping does in AWS', () => {
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

describe('the stream readers', () => {
  it('are no more than DynamoDB serves on one shard at once, and each feeds a worker', () => {
    expect(streamReaders.length).toBeLessThanOrEqual(streamReadersAllowed);
    for (const reader of streamReaders) {
      expect(streamReaderWorkers(reader.id).length, reader.id).toBeGreaterThan(0);
      // One event source filter per worker, and Lambda takes 5 on a mapping (its default quota).
      expect(streamReaderFilters(reader.id).length, reader.id).toBeLessThanOrEqual(5);
    }
  });

  it('feed every stream worker, the tallies on a reader that neither mail nor exports hold up, the alerts on one no export holds up', () => {
    const fed = streamReaders.flatMap((reader) => streamReaderWorkers(reader.id).map((worker) => worker.id));
    expect(fed.sort()).toEqual(
      workers
        .filter((worker) => worker.trigger.kind === 'stream')
        .map((worker) => worker.id)
        .sort(),
    );
    expect(streamReaderWorkers('tallies').map((worker) => worker.id)).toEqual(['stats', 'website-reviews', 'funnel']);
    expect(streamReaderTimeoutSeconds('tallies')).toBe(60);
    // The exports run in their own Lambda: the alerts' reader never waits for an export.
    expect(streamReaderHandoffs('owner-jobs').map((worker) => worker.id)).toEqual(['exports']);
    expect(streamReaderTimeoutSeconds('owner-jobs')).toBe(60);
    expect(streamReaderFilters('owner-jobs')).toHaveLength(2);
    // The stats and the website-reviews workers both take every response: one filter serves both.
    const tallies = streamReaderFilters('tallies').map((pattern) => JSON.stringify(pattern));
    expect(new Set(tallies).size).toBe(tallies.length);
    expect(tallies).toHaveLength(
      new Set(streamReaderWorkers('tallies').map((w) => JSON.stringify(w.trigger.records))).size,
    );
  });
});

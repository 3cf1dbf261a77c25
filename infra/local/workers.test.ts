import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startWorker } from './workers';

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

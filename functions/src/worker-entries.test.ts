import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { workers } from '@reviewroute/shared';
import { workerEntry, type WorkerModule } from './worker-entries';

describe('worker entries', () => {
  it.each(workers.map((w) => [w.id, w] as const))(
    '%s: its module exists and exports handler and createWorker',
    async (_id, worker) => {
      const entry = workerEntry(worker);
      expect(existsSync(entry), entry).toBe(true);
      const mod = (await import(entry)) as Partial<WorkerModule>;
      expect(typeof mod.handler).toBe('function');
      expect(typeof mod.createWorker).toBe('function');
    },
  );
});

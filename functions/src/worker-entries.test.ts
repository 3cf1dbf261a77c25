import { existsSync } from 'node:fs';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { workers } from '@reviewroute/shared';
import { createEntities } from './data/entities';
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

  it('each stream worker takes the records of an entity of the table', () => {
    const entities = createEntities(DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1' })), 't');
    const names = Object.values(entities).map((e) => (e as { model?: { entity?: string } }).model?.entity);
    for (const worker of workers)
      if (worker.trigger.kind === 'stream' || worker.trigger.kind === 'stream-handoff')
        expect(names, worker.id).toContain(worker.trigger.records.entity);
  });
});

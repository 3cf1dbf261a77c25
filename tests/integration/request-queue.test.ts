import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { createDocumentClient } from '@reviewroute/functions/data/client';
import { createEntities } from '@reviewroute/functions/data/entities';
import { HookCallTakenError } from '@reviewroute/functions/data/request-hooks';
import { migrateLegacyQueue, queueShards } from '@reviewroute/functions/data/request-queue';
import { createDynamoReviewRequestStore } from '@reviewroute/functions/data/review-requests';
import { describeRequestQueueContract } from '@reviewroute/functions/testing/data/request-queue-contract';
import { sampleBatch } from '@reviewroute/functions/testing/data/sample-batch';

/**
 * The request queue on DynamoDB Local: the contract the in-memory twin holds too, and what the worker's
 * queries cost: each is a key condition on the due time, so it reads the due entries and nothing else,
 * however many wait for later.
 */

const stack = inject('localStack');

/** What each Query of the store asked and what DynamoDB answered (the document client's own middleware). */
interface SeenQuery {
  input: { IndexName?: string; KeyConditionExpression?: string; FilterExpression?: string };
  output: { Count?: number; ScannedCount?: number; ConsumedCapacity?: { CapacityUnits?: number } };
}

function observedStore() {
  const client = createDocumentClient(stack.env);
  const seen: SeenQuery[] = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      if (context.commandName === 'QueryCommand')
        seen.push({ input: args.input as SeenQuery['input'], output: result.output as SeenQuery['output'] });
      return result;
    },
    { step: 'initialize', name: 'seenQueries' },
  );
  const entities = createEntities(client, stack.env.TABLE_NAME);
  return { store: createDynamoReviewRequestStore(() => entities), seen };
}

describeRequestQueueContract('DynamoDB Local', () =>
  createDynamoReviewRequestStore(() => createEntities(createDocumentClient(stack.env), stack.env.TABLE_NAME)),
);

describe('the request queue’s queries on DynamoDB Local', () => {
  it('reads only due items: the due owners and an owner’s due batches, past hundreds that wait for later', async () => {
    const { store, seen } = observedStore();
    // A timeline of its own (2200), after the contract's (2101): the stack's own worker never finds it due.
    const at = (minute: number) => new Date(Date.UTC(2200, 0, 1, 9, minute)).toISOString();
    const queueOne = (userId: string, dueAt: string) =>
      store.createBatch(sampleBatch(1, { userId, surveyId: 's', sendAt: dueAt, id: randomUUID() }), []);
    const busy = `queue-busy-${randomUUID()}`;
    const due = [`queue-due-${randomUUID()}`, `queue-due-${randomUUID()}`];
    for (const userId of due) await queueOne(userId, at(1));
    // 40 owners and one owner's 60 batches that are not due yet.
    for (let i = 0; i < 40; i++) await queueOne(`queue-later-${randomUUID()}`, at(50));
    await queueOne(busy, at(2));
    for (let i = 0; i < 60; i++) await queueOne(busy, at(40 + (i % 10)));

    seen.length = 0;
    const owners = await store.dueOwners(at(10), 1000);
    const mine = owners.map((o) => o.userId).filter((id) => id.startsWith('queue-'));
    // Whatever else of the shared table is due is due too; the owners that wait for later are not read.
    expect(mine.filter((id) => due.includes(id) || id === busy).sort()).toEqual([...due, busy].sort());
    expect(mine.filter((id) => id.startsWith('queue-later-'))).toEqual([]);
    for (const o of owners) expect(o.dueAt <= at(10)).toBe(true);
    // One query per shard of the owners' index, each a key condition below the due time, no filter: every item
    // it read (ScannedCount) is a due owner it answered.
    expect(seen).toHaveLength(queueShards);
    for (const q of seen) {
      expect(q.input.IndexName).toBe('gsi1');
      expect(q.input.KeyConditionExpression).toMatch(/ < :/);
      expect(q.input.FilterExpression).toBeUndefined();
      expect(q.output.ScannedCount).toBe(q.output.Count);
    }
    expect(seen.reduce((sum, q) => sum + (q.output.ScannedCount ?? 0), 0)).toBe(owners.length);

    seen.length = 0;
    const batches = await store.dueBatchesOf(busy, at(10), 10);
    expect(batches.map((b) => b.dueAt)).toEqual([at(2)]);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.input.KeyConditionExpression).toMatch(/ < :/);
    expect(seen[0]!.input.FilterExpression).toBeUndefined();
    expect(seen[0]!.output.ScannedCount).toBe(1);
  });
});

describe('the queue as it was before (one partition)', () => {
  it('moves its entries into the owners’ queues, each once, keeping their due time', async () => {
    const entities = createEntities(createDocumentClient(stack.env), stack.env.TABLE_NAME);
    const store = createDynamoReviewRequestStore(() => entities);
    const userId = `queue-legacy-${randomUUID()}`;
    const batchId = randomUUID();
    const dueAt = '2101-06-01T09:00:00.000Z';
    await entities.legacyRequestQueue.put({ batchId, userId, surveyId: 'survey-old', dueAt }).go();
    let moved = 0;
    for (let n = await migrateLegacyQueue(() => entities); n > 0; n = await migrateLegacyQueue(() => entities))
      moved += n;
    expect(moved).toBeGreaterThanOrEqual(1);
    expect(await store.queuedBatch(userId, batchId)).toEqual({ batchId, userId, surveyId: 'survey-old', dueAt });
    expect(await store.queuedOwner(userId)).toMatchObject({ dueAt, parkedUntil: null });
    expect((await entities.legacyRequestQueue.get({ batchId }).go({ consistent: true })).data).toBeNull();
  });
});

describe('a scheduling refused', () => {
  it('leaves no queue entry of an owner who has nothing else queued', async () => {
    const entities = createEntities(createDocumentClient(stack.env), stack.env.TABLE_NAME);
    const store = createDynamoReviewRequestStore(() => entities);
    const surveyId = `survey-${randomUUID()}`;
    const call = (batchId: string) => ({
      surveyId,
      externalIdHash: 'a'.repeat(64),
      batchId,
      sendAt: '2101-06-01T09:00:00.000Z',
      createdAt: '2101-06-01T08:00:00.000Z',
    });
    const batchOf = (userId: string) =>
      sampleBatch(1, { userId, surveyId, sendAt: '2101-06-01T09:00:00.000Z', id: randomUUID() });
    const first = batchOf(`queue-first-${randomUUID()}`);
    await store.createBatch(first, [], call(first.id));
    // The same external id again: refused after the owner's entry was made; the entry goes with the batch.
    const second = batchOf(`queue-second-${randomUUID()}`);
    await expect(store.createBatch(second, [], call(second.id))).rejects.toBeInstanceOf(HookCallTakenError);
    expect(await store.queuedOwner(second.userId)).toBeUndefined();
    expect(await store.queuedOwner(first.userId)).toBeDefined();
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ReviewRequestStore } from '../../src/data/review-requests';
import { sampleBatch } from './sample-batch';

/**
 * The request queue's contract (request-queue.ts), held by the DynamoDB store (tests/integration) and the
 * in-memory twin alike. Batches are queued by `createBatch` as the services queue them. Every test runs on
 * a timeline of its own in 2101, so a requests worker running on a shared table (the local stack's) never finds
 * them due, and with owners of its own, which the due queries are filtered to.
 */
export function describeRequestQueueContract(name: string, storeOf: () => ReviewRequestStore): void {
  const at = (minute: number) => new Date(Date.UTC(2101, 0, 1, 9, minute)).toISOString();
  const newOwner = () => `queue-owner-${randomUUID()}`;
  let n = 0;

  /** A batch of one customer for `userId`, due at `dueAt`. */
  async function queue(store: ReviewRequestStore, userId: string, dueAt: string, surveyId = 'survey-q') {
    const batch = sampleBatch(++n, { userId, surveyId, sendAt: dueAt, id: randomUUID() });
    await store.createBatch(batch, []);
    return batch.id;
  }
  const mine = async (store: ReviewRequestStore, now: string, owners: string[]) =>
    (await store.dueOwners(now, 1000)).filter((o) => owners.includes(o.userId)).map((o) => [o.userId, o.dueAt]);

  describe(`request queue (${name})`, () => {
    it('finds due owners longest waiting first and each owner’s due batches by due time, never what is not due', async () => {
      const store = storeOf();
      const [a, b, c] = [newOwner(), newOwner(), newOwner()];
      const a2 = await queue(store, a, at(2));
      const a1 = await queue(store, a, at(1));
      await queue(store, a, at(30));
      await queue(store, b, at(3));
      await queue(store, c, at(40));
      expect(await mine(store, at(10), [a, b, c])).toEqual([
        [a, at(1)],
        [b, at(3)],
      ]);
      expect((await store.dueBatchesOf(a, at(10), 10)).map((d) => [d.batchId, d.dueAt])).toEqual([
        [a1, at(1)],
        [a2, at(2)],
      ]);
      expect(await store.dueBatchesOf(a, at(10), 1)).toHaveLength(1);
      expect(await store.dueBatchesOf(c, at(10), 10)).toEqual([]);
      // Due at the very millisecond it is asked for.
      expect(await mine(store, at(40), [c])).toEqual([[c, at(40)]]);
      expect((await store.queuedBatch(a, a2))?.dueAt).toBe(at(2));
      expect(await store.queuedBatch(b, a2)).toBeUndefined();
    });

    it('puts an owner behind those already waiting after a turn, and lets them go when nothing of theirs is queued', async () => {
      const store = storeOf();
      const [a, b] = [newOwner(), newOwner()];
      const [first] = [await queue(store, a, at(1)), await queue(store, a, at(2))];
      await queue(store, b, at(3));
      const turnOfA = (await store.queuedOwner(a))!;
      const entry = (await store.queuedBatch(a, first))!;
      await store.dequeue(entry);
      expect(await store.settleOwner(turnOfA, { notBefore: at(10) })).toBe(true);
      // A's next batch (due at 2) waits behind B (due at 3): A's turn comes at the end of the turn (10).
      expect(await mine(store, at(10), [a, b])).toEqual([
        [b, at(3)],
        [a, at(10)],
      ]);
      // A later batch sets the time: an owner whose next batch is not due yet is not due either.
      for (const d of await store.dueBatchesOf(a, at(10), 10)) await store.reschedule(d, at(50));
      expect(await store.settleOwner((await store.queuedOwner(a))!, { notBefore: at(11) })).toBe(true);
      expect(await mine(store, at(49), [a])).toEqual([]);
      expect(await mine(store, at(50), [a])).toEqual([[a, at(50)]]);
      for (const d of await store.dueBatchesOf(a, at(50), 10)) await store.dequeue(d);
      expect(await store.settleOwner((await store.queuedOwner(a))!, { notBefore: at(50) })).toBe(true);
      expect(await store.queuedOwner(a)).toBeUndefined();
    });

    it('never settles an owner on a turn read before a batch was queued: the new batch keeps the owner due', async () => {
      const store = storeOf();
      const a = newOwner();
      const only = await queue(store, a, at(1));
      const staleTurn = (await store.queuedOwner(a))!;
      await store.dequeue((await store.queuedBatch(a, only))!);
      // Queued while the turn ran: the turn's settlement (which would drop the owner) is refused.
      const added = await queue(store, a, at(2));
      expect(await store.settleOwner(staleTurn, { notBefore: at(5) })).toBe(false);
      expect(await mine(store, at(5), [a])).toEqual([[a, at(1)]]);
      const fresh = (await store.queuedOwner(a))!;
      expect(fresh.version).toBeGreaterThan(staleTurn.version);
      expect(await store.settleOwner(fresh, { notBefore: at(5) })).toBe(true);
      expect(await mine(store, at(5), [a])).toEqual([[a, at(5)]]);
      expect((await store.dueBatchesOf(a, at(5), 10)).map((d) => d.batchId)).toEqual([added]);
    });

    it('keeps a parked owner off the due queue until the park ends or a payment wakes them; new batches do not wake them', async () => {
      const store = storeOf();
      const [a, b] = [newOwner(), newOwner()];
      await queue(store, a, at(1));
      await queue(store, b, at(1));
      expect(await store.settleOwner((await store.queuedOwner(a))!, { parkUntil: at(45), notBefore: at(2) })).toBe(
        true,
      );
      expect((await store.queuedOwner(a))?.parkedUntil).toBe(at(45));
      await queue(store, a, at(3));
      expect(await mine(store, at(44), [a, b])).toEqual([[b, at(1)]]);
      expect(await mine(store, at(45), [a])).toEqual([[a, at(45)]]);
      await store.wakeOwner(a, at(20));
      expect(await store.queuedOwner(a)).toMatchObject({ dueAt: at(20), parkedUntil: null });
      // Waking an owner who is not parked (or not queued) changes nothing.
      await store.wakeOwner(b, at(30));
      await store.wakeOwner(newOwner(), at(30));
      expect(await mine(store, at(44), [a, b])).toEqual([
        [b, at(1)],
        [a, at(20)],
      ]);
      // A turn that ends without the cap holding unparks the owner.
      expect(await store.settleOwner((await store.queuedOwner(a))!, { notBefore: at(21) })).toBe(true);
      expect((await store.queuedOwner(a))?.parkedUntil).toBeNull();
    });

    it('moves a batch once: a second move or a dequeue from a stale read changes nothing', async () => {
      const store = storeOf();
      const a = newOwner();
      const id = await queue(store, a, at(1));
      const read = (await store.queuedBatch(a, id))!;
      await store.reschedule(read, at(20));
      await store.reschedule(read, at(30));
      await store.dequeue(read);
      expect((await store.queuedBatch(a, id))?.dueAt).toBe(at(20));
      expect(await store.dueBatchesOf(a, at(19), 10)).toEqual([]);
      expect((await store.dueBatchesOf(a, at(20), 10)).map((d) => d.batchId)).toEqual([id]);
    });

    it('goes with the survey (its entries) and with the owner (every entry and the owner’s)', async () => {
      const store = storeOf();
      const a = newOwner();
      const kept = await queue(store, a, at(1), 'survey-kept');
      await queue(store, a, at(2), 'survey-gone');
      await store.deleteBySurvey(a, 'survey-gone');
      expect((await store.dueBatchesOf(a, at(10), 10)).map((d) => d.batchId)).toEqual([kept]);
      await store.deleteByOwner(a);
      expect(await store.dueBatchesOf(a, at(10), 10)).toEqual([]);
      expect(await store.queuedOwner(a)).toBeUndefined();
    });
  });
}

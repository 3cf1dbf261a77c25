import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../testing/data/memory-rate-limiter';
import { createSoftRateLimiter, rateSlot, type RateSlot } from './rate-window';

const at = new Date('2026-11-21T09:00:10.000Z');
const slotOf = (limit: number, key = 'survey:s1'): RateSlot => rateSlot(key, { limit, windowSeconds: 60 }, at);

/** The table limiter in memory, with its writes counted. */
function countingTable() {
  const table = createMemoryRateLimiter();
  let writes = 0;
  return {
    table: {
      consume: (slot: RateSlot, count?: number) => {
        writes++;
        return table.consume(slot, count);
      },
    },
    counted: (slot: RateSlot) => table.counts.get(`${slot.key}/${slot.window}`) ?? 0,
    writes: () => writes,
    preset: (slot: RateSlot, n: number) => table.counts.set(`${slot.key}/${slot.window}`, n),
  };
}

const consumeAll = (limiter: { consume(slot: RateSlot): Promise<boolean> }, slot: RateSlot, n: number) =>
  Promise.all(Array.from({ length: n }, () => limiter.consume(slot)));
const passed = (results: boolean[]) => results.filter(Boolean).length;

describe('the soft rate limiter', () => {
  it('counts a small limit (a client’s) in the table event by event past its soft share, and stops at the limit', async () => {
    const t = countingTable();
    const limiter = createSoftRateLimiter(t.table);
    const slot = slotOf(10, 'client-key');
    expect(passed(await consumeAll(limiter, slot, 5))).toBe(5);
    expect(t.writes()).toBe(0);
    expect(passed(await consumeAll(limiter, slot, 7))).toBe(5);
    expect(t.counted(slot)).toBe(5);
  });

  it('lets a crowd at one survey through with a few table writes, not one per submit', async () => {
    const t = countingTable();
    const limiter = createSoftRateLimiter(t.table);
    const slot = slotOf(1200);
    // 1,000 customers, 50 at a time, as the burst bench sends them.
    let ok = 0;
    for (let i = 0; i < 20; i++) ok += passed(await consumeAll(limiter, slot, 50));
    expect(ok).toBe(1000);
    // 400 past the soft share of 600, in blocks of 24: 17 writes.
    expect(t.writes()).toBe(17);
    expect(t.counted(slot)).toBe(17 * 24);
  });

  it('never lets more than the limit through, and takes single events when a block no longer fits', async () => {
    const t = countingTable();
    const limiter = createSoftRateLimiter(t.table);
    const slot = slotOf(1200);
    // Other instances already took all but 30 of the window in the table.
    t.preset(slot, 1170);
    const results = await consumeAll(limiter, slot, 1300);
    expect(passed(results)).toBe(600 + 30);
    expect(t.counted(slot)).toBe(1200);
  });

  it('refuses past the limit on this instance alone, whatever the table says', async () => {
    const t = countingTable();
    const limiter = createSoftRateLimiter(t.table);
    const slot = slotOf(100);
    expect(passed(await consumeAll(limiter, slot, 150))).toBe(100);
    expect(t.counted(slot)).toBe(50);
  });
});

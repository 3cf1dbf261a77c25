import type { RateWindowStore } from '../../src/data/rate-window';

/** The same limiter in memory (unit tests); `counts` holds `${key}/${window}` -> events. */
export function createMemoryRateLimiter(): RateWindowStore & { counts: Map<string, number> } {
  const counts = new Map<string, number>();
  return {
    counts,
    async consume(slot, count = 1) {
      const id = `${slot.key}/${slot.window}`;
      const used = counts.get(id) ?? 0;
      if (used + count > slot.limit) return false;
      counts.set(id, used + count);
      return true;
    },
    async deleteByKey(key) {
      for (const id of [...counts.keys()]) if (id.startsWith(`${key}/`)) counts.delete(id);
    },
  };
}

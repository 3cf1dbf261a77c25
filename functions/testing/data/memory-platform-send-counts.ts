import type { PlatformSendCountStore } from '../../src/data/platform-send-counts';

/** The platform's daily send counts in memory (`counts`: `${channel}/${day}` -> count). */
export function createMemoryPlatformSendCounts(): PlatformSendCountStore & { counts: Map<string, number> } {
  const counts = new Map<string, number>();
  return {
    counts,
    async take(channel, day, cap) {
      const count = counts.get(`${channel}/${day}`) ?? 0;
      if (count >= cap) return { taken: false };
      counts.set(`${channel}/${day}`, count + 1);
      return { taken: true, count: count + 1 };
    },
    async giveBack(channel, day) {
      const count = counts.get(`${channel}/${day}`) ?? 0;
      if (count > 0) counts.set(`${channel}/${day}`, count - 1);
    },
  };
}

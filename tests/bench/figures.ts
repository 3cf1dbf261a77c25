/** The median of a bench's timings: the figure the benches print, so every bench reads its runs the same way. */
export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * The medians of two timed calls made one after the other `calls` times, after `warmUp` unmeasured rounds, which
 * goes first alternating, so both see the same machine load and no ordering effect enters their ratio.
 */
export async function interleavedMedians(
  a: () => Promise<number>,
  b: () => Promise<number>,
  calls: number,
  warmUp: number,
): Promise<[number, number]> {
  for (let i = 0; i < warmUp; i++) {
    await a();
    await b();
  }
  const aTimes: number[] = [];
  const bTimes: number[] = [];
  for (let i = 0; i < calls; i++) {
    if (i % 2) {
      aTimes.push(await a());
      bTimes.push(await b());
    } else {
      bTimes.push(await b());
      aTimes.push(await a());
    }
  }
  return [median(aTimes), median(bTimes)];
}

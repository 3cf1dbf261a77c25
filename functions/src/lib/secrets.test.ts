import { describe, expect, it } from 'vitest';
import { secretLoader } from './secrets';

function counted(answers: (() => string | undefined)[]) {
  let reads = 0;
  const read = async () => {
    const answer = answers[Math.min(reads, answers.length - 1)]!;
    reads++;
    return answer();
  };
  return { read, reads: () => reads };
}

describe('secretLoader', () => {
  it('reads once per container, callers at the same moment sharing the read', async () => {
    const source = counted([() => 'key']);
    const loader = secretLoader(source.read);
    expect(await Promise.all([loader.get(), loader.get()])).toEqual(['key', 'key']);
    expect(await loader.get()).toBe('key');
    expect(source.reads()).toBe(1);
  });

  it('reads again on the next call after a failed read', async () => {
    const source = counted([
      () => {
        throw new Error('throttled');
      },
      () => 'key',
    ]);
    const loader = secretLoader(source.read);
    await expect(loader.get()).rejects.toThrow('throttled');
    expect(await loader.get()).toBe('key');
    expect(source.reads()).toBe(2);
  });

  it('keeps "missing" for a minute, then looks again', async () => {
    let clock = 0;
    const source = counted([() => undefined, () => 'key']);
    const loader = secretLoader(source.read, { now: () => clock });
    expect(await loader.get()).toBeUndefined();
    clock = 59_999;
    expect(await loader.get()).toBeUndefined();
    expect(source.reads()).toBe(1);
    clock = 60_000;
    expect(await loader.get()).toBe('key');
    clock = 10 * 60_000;
    expect(await loader.get()).toBe('key');
    expect(source.reads()).toBe(2);
  });

  it('keeps a found value for maxAgeMs, and rereads on demand no more often than asked', async () => {
    let clock = 0;
    let value = 'one';
    const source = counted([() => value]);
    const loader = secretLoader(source.read, { now: () => clock, maxAgeMs: 5000 });
    expect(await loader.get()).toBe('one');
    value = 'two';
    clock = 1000;
    expect(await loader.reread(2000)).toBe('one');
    clock = 2000;
    expect(await loader.reread(2000)).toBe('two');
    value = 'three';
    clock = 6999;
    expect(await loader.get()).toBe('two');
    clock = 7000;
    expect(await loader.get()).toBe('three');
    expect(source.reads()).toBe(3);
  });
});

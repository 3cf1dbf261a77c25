import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newId, uuidPattern } from './ids';

describe('newId', () => {
  it('is a version-7 UUID', () => {
    const id = newId();
    expect(id).toMatch(uuidPattern);
    expect(id[14]).toBe('7');
    expect(['8', '9', 'a', 'b']).toContain(id[19]);
  });

  it('sorts by creation time as a string', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 47 }),
        fc.integer({ min: 1, max: 2 ** 40 }),
        fc.uint8Array({ minLength: 10, maxLength: 10 }),
        fc.uint8Array({ minLength: 10, maxLength: 10 }),
        (t, delta, r1, r2) => {
          expect(newId(t, r1) < newId(t + delta, r2)).toBe(true);
        },
      ),
    );
  });
});

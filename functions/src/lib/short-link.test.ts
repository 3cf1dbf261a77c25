import { describe, expect, it } from 'vitest';
import { isShortLinkCode, shortCodeHash, shortLinkCode, shortLinkUrl } from './short-link';

const batch = '0b5c3a4e-1d2f-4a6b-9c8d-7e6f5a4b3c2d';

describe('short link codes', () => {
  it('are 10 base62 characters, the same for the same request and purpose', () => {
    const code = shortLinkCode('key', 'link', batch, '00001');
    expect(code).toMatch(/^[0-9A-Za-z]{10}$/);
    expect(isShortLinkCode(code)).toBe(true);
    expect(shortLinkCode('key', 'link', batch, '00001')).toBe(code);
  });

  it('differ by purpose, request and key', () => {
    const codes = new Set([
      shortLinkCode('key', 'link', batch, '00001'),
      shortLinkCode('key', 'unsubscribe', batch, '00001'),
      shortLinkCode('key', 'link', batch, '00002'),
      shortLinkCode('other', 'link', batch, '00001'),
    ]);
    expect(codes.size).toBe(4);
  });

  it('spread over the whole alphabet without collisions in 20,000 requests', () => {
    const codes = new Set<string>();
    for (let i = 0; i < 20_000; i++) codes.add(shortLinkCode('key', 'link', batch, String(i).padStart(5, '0')));
    expect(codes.size).toBe(20_000);
    const letters = new Set([...codes].join(''));
    expect(letters.size).toBe(62);
  });

  it('are stored hashed and refused when not of their shape', () => {
    expect(shortCodeHash('Ab3dE5gH9k')).not.toContain('Ab3dE5gH9k');
    expect(shortCodeHash('Ab3dE5gH9k')).toHaveLength(43);
    for (const bad of ['', 'short', 'Ab3dE5gH9k1', 'Ab3dE5gH9-', '../../etc/p'])
      expect(isShortLinkCode(bad)).toBe(false);
    expect(shortLinkUrl('https://reviewroute.app/', 'Ab3dE5gH9k')).toBe('https://reviewroute.app/r/Ab3dE5gH9k');
  });
});

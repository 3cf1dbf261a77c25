import { describe, expect, it } from 'vitest';
import { clientNetworkOf, createClientKeys, viewerIpOf } from './viewer';

describe('viewer address', () => {
  it('believes CloudFront-Viewer-Address only on a request that came through our CloudFront', () => {
    const headers = { 'cloudfront-viewer-address': '198.51.100.9:46532' };
    expect(viewerIpOf(headers, '203.0.113.7', true)).toBe('198.51.100.9');
    expect(viewerIpOf(headers, '203.0.113.7', false)).toBe('203.0.113.7');
    expect(viewerIpOf({ 'cloudfront-viewer-address': '2001:db8::1:443' }, '203.0.113.7', true)).toBe('2001:db8::1');
    // A value that is no address falls back to the source IP.
    expect(viewerIpOf({ 'cloudfront-viewer-address': 'nonsense:1' }, '203.0.113.7', true)).toBe('203.0.113.7');
    expect(viewerIpOf({}, undefined, false)).toBe('');
  });

  it('keys IPv4 as it is, IPv6 by its /64, and an IPv4-mapped address as IPv4', () => {
    expect(clientNetworkOf('198.51.100.9')).toBe('198.51.100.9');
    expect(clientNetworkOf('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetworkOf('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(clientNetworkOf('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(clientNetworkOf('::1')).toBe('0:0:0:0::/64');
    expect(clientNetworkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetworkOf('::ffff:198.51.100.9')).toBe('198.51.100.9');
    expect(clientNetworkOf('2001:db8:1:3::1')).not.toBe(clientNetworkOf('2001:db8:1:2::1'));
  });

  it('hashes the network with the day salt, never keeping the address', async () => {
    const salts = new Map<string, string>();
    const keys = createClientKeys(async (day, candidate) => {
      if (!salts.has(day)) salts.set(day, candidate);
      return salts.get(day)!;
    });
    const at = new Date('2026-11-23T10:00:00Z');
    const key = await keys.keyOf('2001:db8:1:2::1', at);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(await keys.keyOf('2001:db8:1:2:aaaa::7', at)).toBe(key);
    expect(await keys.keyOf('2001:db8:1:2::1', new Date('2026-11-24T10:00:00Z'))).not.toBe(key);
  });
});

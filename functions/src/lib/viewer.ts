import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The viewer's address. Behind CloudFront the gateway's source IP is CloudFront's own, so CloudFront
 * forwards `CloudFront-Viewer-Address` (`ip:port`); that header is believed only on a request that proved
 * it came through our CloudFront (the origin-verify secret), because anyone can send it to the API
 * directly. Otherwise the gateway's source IP is the viewer (locally, and any unverified caller).
 */
export function viewerIpOf(
  headers: Record<string, string | undefined>,
  sourceIp: string | undefined,
  viaOurCloudFront: boolean,
): string {
  const forwarded = viaOurCloudFront ? headers['cloudfront-viewer-address'] : undefined;
  if (forwarded) {
    const ip = forwarded.slice(0, Math.max(0, forwarded.lastIndexOf(':')));
    if (isIPv4(ip) || isIPv6(ip)) return ip;
  }
  return sourceIp ?? '';
}

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  const ip = address.split('%')[0]!;
  if (!isIPv6(ip)) return undefined;
  let text = ip;
  // An embedded IPv4 tail (`::ffff:1.2.3.4`) is two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((h) => parseInt(h, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const zeros = tail === undefined ? 0 : 8 - front.length - back.length;
  return [...front, ...Array<number>(zeros).fill(0), ...back];
}

/**
 * The rate-limit identity of an address: an IPv4 address as it is; an IPv6 address by its /64, the
 * smallest block one subscriber gets (a client rotating through its own /64 stays one client); an
 * IPv4-mapped IPv6 address as its IPv4 address.
 */
export function clientNetworkOf(ip: string): string {
  if (isIPv4(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The random salt of a UTC day (`YYYY-MM-DD`), made by its first caller and shared by every instance. */
export type DaySalt = (day: string, candidate: string, expiresAt: number) => Promise<string>;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Rate-limit keys of viewers: SHA-256 of today's random salt and the viewer's network (`clientNetworkOf`),
 * stable for a day, unlinkable to the address once the salt has expired. The address itself is never
 * stored (decisions 14), and nothing the caller chooses (its User-Agent) is part of the key.
 */
export function createClientKeys(
  daySalt: DaySalt,
  randomBytes: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
) {
  let salt: { day: string; value: Promise<string> } | undefined;
  const saltOf = (at: Date) => {
    const day = at.toISOString().slice(0, 10);
    if (salt?.day !== day) {
      const expiresAt = Math.floor(at.getTime() / 1000) + 2 * 24 * 60 * 60;
      const value = daySalt(day, Buffer.from(randomBytes(32)).toString('base64url'), expiresAt);
      // A failed read is not kept: the next request asks again.
      value.catch(() => {
        if (salt?.value === value) salt = undefined;
      });
      salt = { day, value };
    }
    return salt.value;
  };
  return {
    /** The key of a viewer at `at`. */
    async keyOf(viewerIp: string, at: Date): Promise<string> {
      return sha256(`${await saltOf(at)}\n${clientNetworkOf(viewerIp)}`);
    },
    /** The day's salt itself, for other keyed values of the day (the start token's key). */
    saltOf,
  };
}

export type ClientKeys = ReturnType<typeof createClientKeys>;

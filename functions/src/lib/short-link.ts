import { createHash, createHmac } from 'node:crypto';

/**
 * A text's short links of our own (`/r/{code}`): the personal survey link's and the opt-out's, each the short form
 * of a secret of its request. A code is 10 characters of base62 (62^10, about 8 * 10^17 codes: never guessed, and
 * two requests' codes practically never meet), an HMAC of its purpose and the request under the mail-link key, so
 * the requests worker makes the same code for the same request every time; the table keeps only its SHA-256.
 */

export const shortLinkCodeLength = 10;
const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const space = 62n ** BigInt(shortLinkCodeLength);

/** What a short link opens: the personal survey link, or the request's unsubscribe page. */
export type ShortLinkPurpose = 'link' | 'unsubscribe';

/** A code as the route accepts it: anything else is no short link of ours, answered 404 without a read. */
export const isShortLinkCode = (code: string): boolean =>
  new RegExp(`^[0-9A-Za-z]{${shortLinkCodeLength}}$`).test(code);

/** The request's short code for one purpose, under the mail-link key. */
export function shortLinkCode(key: string, purpose: ShortLinkPurpose, batchId: string, recipientId: string): string {
  const digest = createHmac('sha256', key).update(`review-request-short-${purpose}:${batchId}:${recipientId}`).digest();
  let n = digest.readBigUInt64BE(0) % space;
  let code = '';
  for (let i = 0; i < shortLinkCodeLength; i++) {
    code = alphabet[Number(n % 62n)]! + code;
    n /= 62n;
  }
  return code;
}

/** What the table keeps of a code: its SHA-256, base64url. */
export const shortCodeHash = (code: string): string => createHash('sha256').update(code).digest('base64url');

/** The short link's address on the site: `{origin}/r/{code}`. */
export const shortLinkUrl = (siteOrigin: string, code: string): string => `${siteOrigin.replace(/\/+$/, '')}/r/${code}`;

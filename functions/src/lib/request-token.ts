import { randomBytes, timingSafeEqual } from 'node:crypto';
import { uuidPattern } from './ids';

/**
 * A customer's personal token: it names the request (its batch and row) and proves it with a random secret,
 * and says nothing of the address. base64url of the batch id's 16 bytes, the row index (2 bytes) and the
 * 16-byte secret: 46 characters, one GetItem to resolve, no index and no extra item.
 */

const secretBytes = 16;

/** A new random secret (stored with the recipient, base64url). */
export const newTokenSecret = (): string => randomBytes(secretBytes).toString('base64url');

export function encodeRequestToken(batchId: string, recipientId: string, secret: string): string {
  const id = Buffer.from(batchId.replace(/-/g, ''), 'hex');
  const row = Buffer.alloc(2);
  row.writeUInt16BE(Number(recipientId));
  return Buffer.concat([id, row, Buffer.from(secret, 'base64url')]).toString('base64url');
}

export interface DecodedToken {
  batchId: string;
  recipientId: string;
  secret: string;
}

/** The token's parts; undefined for anything that is not one of ours. */
export function decodeRequestToken(token: string): DecodedToken | undefined {
  if (!/^[A-Za-z0-9_-]{46}$/.test(token)) return undefined;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== 16 + 2 + secretBytes) return undefined;
  const hex = bytes.subarray(0, 16).toString('hex');
  const batchId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  if (!uuidPattern.test(batchId)) return undefined;
  return {
    batchId,
    recipientId: String(bytes.readUInt16BE(16)).padStart(5, '0'),
    secret: bytes.subarray(18).toString('base64url'),
  };
}

/** Constant-time comparison of a token's secret with the stored one. */
export function secretMatches(given: string, stored: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

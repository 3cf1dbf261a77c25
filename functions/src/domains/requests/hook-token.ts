import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { uuidPattern } from '../../lib/ids';

/**
 * The webhook's token: base64url of the survey id's 16 bytes and a 24-byte random secret (54 characters). The
 * id tells which hook to read (one GetItem, no index); the secret proves the caller has the current URL. Only
 * the secret's SHA-256 is stored, so the table never holds a working URL.
 */

const secretBytes = 24;

/** A new random secret (base64url). */
export const newHookSecret = (): string => randomBytes(secretBytes).toString('base64url');

export const hookSecretHashOf = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export function encodeHookToken(surveyId: string, secret: string): string {
  return Buffer.concat([Buffer.from(surveyId.replace(/-/g, ''), 'hex'), Buffer.from(secret, 'base64url')]).toString(
    'base64url',
  );
}

/** The token's survey id and secret; undefined for anything that is not one of ours. */
export function decodeHookToken(token: string): { surveyId: string; secret: string } | undefined {
  if (!/^[A-Za-z0-9_-]{54}$/.test(token)) return undefined;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== 16 + secretBytes) return undefined;
  const hex = bytes.subarray(0, 16).toString('hex');
  const surveyId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  if (!uuidPattern.test(surveyId)) return undefined;
  return { surveyId, secret: bytes.subarray(16).toString('base64url') };
}

/** Constant-time comparison of a secret's hash with the stored one (both hex SHA-256). */
export function hookSecretMatches(secret: string, storedHash: string): boolean {
  const a = Buffer.from(hookSecretHashOf(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

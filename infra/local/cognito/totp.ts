import { createHmac } from 'node:crypto';
import { CodeMismatchError, InvalidParameterError, type User } from '../cognito-local';

/** A TOTP code (RFC 6238: SHA-1, 6 digits, 30 s) of a base32 secret for one time step. */
export function totpCode(secret: string, step: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new InvalidParameterError('Invalid software token secret');
    bits += value.toString(2).padStart(5, '0');
  }
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  return ((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, '0');
}

/** The time step a code belongs to, accepting one step either side for clock drift (as Cognito does), or undefined. */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | undefined {
  const current = Math.floor(now / 30_000);
  return [current, current - 1, current + 1].find((step) => totpCode(secret, step) === code.trim());
}

/**
 * Checks a TOTP code against the user's verified secret; each time step counts once (RFC 6238 5.2), so a code
 * seen once is refused after. The last step each user has used is kept in memory: lost on restart, as it may be.
 */
export function totpCodeCheck(): (user: User, code: string | undefined) => void {
  const lastTotpStep = new Map<string, number>();
  return (user, code) => {
    const secret = user.SoftwareTokenMfaConfiguration?.Secret;
    const step = secret && code ? totpStepOf(secret, code) : undefined;
    if (step === undefined) throw new CodeMismatchError();
    if (step <= (lastTotpStep.get(user.Username) ?? -1)) throw new CodeMismatchError();
    lastTotpStep.set(user.Username, step);
  };
}

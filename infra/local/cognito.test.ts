import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { passwordPolicyViolation, startCognito, totpCode, totpStepOf } from './cognito';
import { provisionUserPool, localPasswordPolicy } from './provision';

describe('passwordPolicyViolation', () => {
  const policy = { PasswordPolicy: localPasswordPolicy };

  it('accepts a password meeting every rule and names the first rule broken otherwise', () => {
    expect(passwordPolicyViolation('Sup3r-secret!', policy)).toBeUndefined();
    expect(passwordPolicyViolation('S3-s!', policy)).toBe('Password not long enough');
    expect(passwordPolicyViolation('sup3r-secret!', policy)).toBe('Password must have uppercase characters');
    expect(passwordPolicyViolation('SUP3R-SECRET!', policy)).toBe('Password must have lowercase characters');
    expect(passwordPolicyViolation('Super-secret!', policy)).toBe('Password must have numeric characters');
    expect(passwordPolicyViolation('Sup3rsecret', policy)).toBe('Password must have symbol characters');
  });

  it('accepts anything when the pool has no policy', () => {
    expect(passwordPolicyViolation('x', undefined)).toBeUndefined();
  });
});

describe('totpCode', () => {
  // RFC 6238 appendix B (SHA-1 seed "12345678901234567890"), last six digits.
  const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

  it('computes the RFC test vectors', () => {
    expect(totpCode(secret, Math.floor(59 / 30))).toBe('287082');
    expect(totpCode(secret, Math.floor(1111111109 / 30))).toBe('081804');
    expect(totpCode(secret, Math.floor(2000000000 / 30))).toBe('279037');
  });

  it('finds the step of a code one step either side of now, and nothing further away', () => {
    const now = 1111111109_000;
    const step = Math.floor(now / 30_000);
    expect(totpStepOf(secret, totpCode(secret, step), now)).toBe(step);
    expect(totpStepOf(secret, totpCode(secret, step + 1), now)).toBe(step + 1);
    expect(totpStepOf(secret, totpCode(secret, step - 1), now)).toBe(step - 1);
    expect(totpStepOf(secret, totpCode(secret, step + 2), now)).toBeUndefined();
  });
});

describe('startCognito', () => {
  it('composes a cognito-local that provisions the pool and finds it again on the same data', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'reviewroute-cognito-'));
    // No mail is sent here: the SES endpoint is never called.
    const options = { port: 0, dataDir, sesUrl: 'http://localhost:9' };
    try {
      const first = await startCognito(options);
      const created = await provisionUserPool(first.url).finally(() => first.stop());
      const second = await startCognito(options);
      const found = await provisionUserPool(second.url).finally(() => second.stop());
      expect(found).toEqual(created);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { composeCodeMail, passwordPolicyViolation, startCognito } from './cognito';
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

describe('composeCodeMail', () => {
  it('names a reset code as such and everything else a verification code, with the code in the text', () => {
    expect(composeCodeMail('ForgotPassword', '123456')).toEqual({
      subject: 'Your ReviewRoute password reset code',
      text: 'Your password reset code is 123456.',
    });
    expect(composeCodeMail('ResendCode', '654321').text).toContain('654321');
    expect(composeCodeMail('SignUp', '654321').subject).toBe('Your ReviewRoute verification code');
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

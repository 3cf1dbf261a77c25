import { describe, expect, it } from 'vitest';
import { composeCodeMail, passwordPolicyViolation } from './cognito';
import { localPasswordPolicy } from './provision';

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

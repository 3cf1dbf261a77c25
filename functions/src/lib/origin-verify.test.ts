import { describe, expect, it } from 'vitest';
import { lambdaEnvOf } from './env';
import { originCheckOf } from './origin-verify';
import type { SecretReader } from './secrets';

const envWith = (values: Record<string, string>) => lambdaEnvOf({ AWS_REGION: 'eu-west-1', ...values });

describe('origin verify', () => {
  it('is off without a configured secret, and checks the local value as it is', async () => {
    expect(originCheckOf(envWith({}))).toBeUndefined();
    const check = originCheckOf(envWith({ ORIGIN_VERIFY_SECRET: 'local-secret' }))!;
    expect(await check('local-secret')).toBe(true);
    expect(await check('local-secreT')).toBe(false);
    expect(await check(undefined)).toBe(false);
  });

  it('accepts the current and previous value of the secret, read once and re-read after a rotation', async () => {
    let clock = 0;
    const versions = { AWSCURRENT: 'two', AWSPREVIOUS: 'one' as string | undefined };
    const reads: string[] = [];
    const readSecret: SecretReader = async (id, stage) => {
      reads.push(`${id}:${stage}`);
      return versions[stage];
    };
    const check = originCheckOf(envWith({ ORIGIN_VERIFY_SECRET_ARN: 'arn:secret' }), {
      readSecret,
      now: () => clock,
    })!;
    expect(await check('two')).toBe(true);
    expect(await check('one')).toBe(true);
    expect(await check('guess')).toBe(false);
    expect(reads).toHaveLength(2);

    // Rotated: the new value is refused only until the container looks again (not on every guess).
    versions.AWSCURRENT = 'three';
    versions.AWSPREVIOUS = 'two';
    clock = 1000;
    expect(await check('three')).toBe(false);
    clock = 31_000;
    expect(await check('three')).toBe(true);
    expect(await check('one')).toBe(false);
    expect(reads).toHaveLength(4);
  });
});

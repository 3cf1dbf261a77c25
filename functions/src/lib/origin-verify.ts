import { createHash, timingSafeEqual } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { LambdaEnv } from '@reviewroute/shared';
import { awsClientConfig } from './env';
import { logger } from './logger';

/** True when the origin-verify header's value is one we accept. */
export type OriginCheck = (headerValue: string | undefined) => Promise<boolean>;

/** Reads one version stage of a secret; undefined when that stage does not exist (no rotation yet). */
export type SecretReader = (secretId: string, stage: 'AWSCURRENT' | 'AWSPREVIOUS') => Promise<string | undefined>;

export function secretsManagerReader(env: LambdaEnv): SecretReader {
  let client: SecretsManagerClient | undefined;
  return async (secretId, stage) => {
    client ??= new SecretsManagerClient(awsClientConfig(env));
    try {
      const { SecretString } = await client.send(
        new GetSecretValueCommand({ SecretId: secretId, VersionStage: stage }),
      );
      return SecretString || undefined;
    } catch (error) {
      if (stage === 'AWSPREVIOUS' && (error as { name?: string }).name === 'ResourceNotFoundException')
        return undefined;
      throw error;
    }
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();
/** Equal-length digests compared in constant time: the answer's timing says nothing about the secret. */
const sameSecret = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

export interface OriginCheckOptions {
  readSecret?: SecretReader;
  now?: () => number;
  /** How long a container keeps the values it read (default 5 min): a rotation reaches it within this time. */
  cacheMs?: number;
  /** An unknown value re-reads the secret at most this often (default 30 s), so a flood of them costs no reads. */
  refreshMs?: number;
}

/**
 * The check CloudFront's origin-verify header must pass: the local stack's value (ORIGIN_VERIFY_SECRET)
 * or, in AWS, the Secrets Manager secret ORIGIN_VERIFY_SECRET_ARN names, its current and its previous
 * value both accepted so a rotation never refuses traffic in flight; read once per container and cached.
 * Undefined when neither is set: nothing to check against (unit tests, `npm run invoke` without a stack).
 */
export function originCheckOf(
  env: LambdaEnv,
  {
    readSecret = secretsManagerReader(env),
    now = Date.now,
    cacheMs = 5 * 60_000,
    refreshMs = 30_000,
  }: OriginCheckOptions = {},
): OriginCheck | undefined {
  const local = env.ORIGIN_VERIFY_SECRET;
  if (local) return async (value) => value !== undefined && sameSecret(value, local);
  const secretId = env.ORIGIN_VERIFY_SECRET_ARN;
  if (!secretId) return undefined;

  let cached: { values: string[]; readAt: number } | undefined;
  let reading: Promise<string[]> | undefined;
  const read = () =>
    (reading ??= Promise.all([readSecret(secretId, 'AWSCURRENT'), readSecret(secretId, 'AWSPREVIOUS')])
      .then((values) => {
        const known = values.filter((v): v is string => v !== undefined);
        cached = { values: known, readAt: now() };
        return known;
      })
      .finally(() => {
        reading = undefined;
      }));

  return async (value) => {
    if (!value) return false;
    const age = cached ? now() - cached.readAt : Infinity;
    let values = cached && age < cacheMs ? cached.values : await read();
    if (values.some((v) => sameSecret(value, v))) return true;
    // Maybe the secret was rotated since we read it: look again, but not on every wrong value.
    if (cached && now() - cached.readAt >= refreshMs) {
      values = await read();
      if (values.some((v) => sameSecret(value, v))) return true;
    }
    logger.warn('Request without a valid origin-verify header');
    return false;
  };
}

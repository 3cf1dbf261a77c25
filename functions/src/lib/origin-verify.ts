import { createHash, timingSafeEqual } from 'node:crypto';
import type { LambdaEnv } from '@reviewroute/shared';
import { logger } from './logger';
import { secretLoader, secretsManagerReader, type SecretReader } from './secrets';

/** True when the origin-verify header's value is one we accept. */
export type OriginCheck = (headerValue: string | undefined) => Promise<boolean>;

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

  const secret = secretLoader(
    async () =>
      (await Promise.all([readSecret(secretId, 'AWSCURRENT'), readSecret(secretId, 'AWSPREVIOUS')])).filter(
        (v): v is string => v !== undefined,
      ),
    { now, maxAgeMs: cacheMs },
  );
  const accepts = (value: string, values: string[] | undefined) => (values ?? []).some((v) => sameSecret(value, v));

  return async (value) => {
    if (!value) return false;
    if (accepts(value, await secret.get())) return true;
    // Maybe the secret was rotated since we read it: look again, but not on every wrong value.
    if (accepts(value, await secret.reread(refreshMs))) return true;
    logger.warn('Request without a valid origin-verify header');
    return false;
  };
}

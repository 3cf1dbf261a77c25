import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import type { LambdaEnv } from '@reviewroute/shared';
import { awsClientConfig } from './env';

/** Reads one version stage of a secret; undefined when that stage does not exist (no rotation yet). */
export type SecretReader = (secretId: string, stage: 'AWSCURRENT' | 'AWSPREVIOUS') => Promise<string | undefined>;

/** Secrets Manager, one client per container. */
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

/** Reads an SSM SecureString (decrypted); undefined when it is empty. */
export type ParameterReader = (name: string) => Promise<string | undefined>;

/** SSM Parameter Store: how a deployed Lambda gets a key without it being in its template. */
export const ssmParameterReader =
  (env: LambdaEnv): ParameterReader =>
  async (name) => {
    const ssm = new SSMClient(awsClientConfig(env));
    try {
      const { Parameter } = await ssm.send(new GetParameterCommand({ Name: name, WithDecryption: true }));
      return Parameter?.Value || undefined;
    } finally {
      ssm.destroy();
    }
  };

export interface SecretLoaderOptions {
  now?: () => number;
  /** How long a found value is kept before the next `get` reads again (default: the container's life). */
  maxAgeMs?: number;
  /**
   * How long "nothing there" (the read gave undefined) is kept before the next `get` reads again, so a flood
   * of requests costs one read a minute while an operator has yet to put the value in (default 1 min).
   */
  missingRetryMs?: number;
}

export interface SecretLoader<T> {
  /** The value (cached, or read now); undefined when there is none. A failed read throws, and the next call reads again. */
  get(): Promise<T | undefined>;
  /** Reads again, unless the cached value is younger than `minAgeMs` (then that). */
  reread(minAgeMs: number): Promise<T | undefined>;
}

/**
 * The one way a Lambda reads a secret (a key, the origin-verify values, or a client made from them): once per
 * container, on first use, callers at the same moment sharing one read; kept as `options` say.
 */
export function secretLoader<T>(
  read: () => Promise<T | undefined>,
  { now = Date.now, maxAgeMs = Infinity, missingRetryMs = 60_000 }: SecretLoaderOptions = {},
): SecretLoader<T> {
  let cached: { value: T | undefined; readAt: number } | undefined;
  let reading: Promise<T | undefined> | undefined;
  const load = () =>
    (reading ??= read()
      .then((value) => {
        cached = { value, readAt: now() };
        return value;
      })
      .finally(() => {
        reading = undefined;
      }));
  const age = () => (cached ? now() - cached.readAt : Infinity);
  return {
    get: async () => {
      if (cached && age() < (cached.value === undefined ? missingRetryMs : maxAgeMs)) return cached.value;
      return load();
    },
    reread: async (minAgeMs) => (cached && age() < minAgeMs ? cached.value : load()),
  };
}

import type { LambdaEnv } from '@reviewroute/shared';
import { secretLoader, secretsManagerReader, type SecretReader } from '../../lib/secrets';
import { createMollieClient, type MollieSettings } from './mollie-provider';
import type { PaymentProvider } from './provider';

/** A Mollie API key: `test_` or `live_` and letters and digits (a placeholder secret value is none). */
const mollieKeyPattern = /^(test|live)_[A-Za-z0-9]{20,}$/;

/**
 * The Mollie settings of an environment: the key from MOLLIE_API_KEY (locally) or from the Secrets Manager
 * secret MOLLIE_API_KEY_SECRET_ARN names (AWS), the endpoint from MOLLIE_API_ENDPOINT; undefined when
 * there is no usable key (the secret still holds its placeholder).
 */
export async function mollieSettingsOf(
  env: Pick<LambdaEnv, 'MOLLIE_API_KEY' | 'MOLLIE_API_KEY_SECRET_ARN' | 'MOLLIE_API_ENDPOINT'>,
  readSecret: SecretReader,
): Promise<MollieSettings | undefined> {
  const secretId = env.MOLLIE_API_KEY_SECRET_ARN;
  const apiKey = (env.MOLLIE_API_KEY ?? (secretId ? await readSecret(secretId, 'AWSCURRENT') : undefined))?.trim();
  if (!apiKey || !mollieKeyPattern.test(apiKey)) return undefined;
  return { apiKey, apiEndpoint: env.MOLLIE_API_ENDPOINT };
}

/**
 * The provider of an environment, made on first use (the key read once per container; a placeholder secret is read
 * again a minute later); undefined while there is no usable key. The payments Lambda and the account deletion's
 * refunds share it.
 */
export function mollieProviderOf(
  env: Pick<LambdaEnv, 'MOLLIE_API_KEY' | 'MOLLIE_API_KEY_SECRET_ARN' | 'MOLLIE_API_ENDPOINT'>,
  readSecret: SecretReader = secretsManagerReader(env as LambdaEnv),
  now: () => number = Date.now,
): () => Promise<PaymentProvider | undefined> {
  const mollie = secretLoader(
    async () => {
      const settings = await mollieSettingsOf(env, readSecret);
      return settings && createMollieClient(settings);
    },
    { now },
  );
  return () => mollie.get();
}

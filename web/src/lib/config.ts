import { z } from 'zod';

/**
 * Runtime configuration served as /config.json by the host (the CDK web stack in AWS, the local stack on a
 * laptop), so one build runs against any user pool.
 */
export const appConfigSchema = z.object({
  region: z.string().min(1),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  userPoolEndpoint: z.url().optional(),
  authFlowType: z.enum(['USER_PASSWORD_AUTH', 'USER_SRP_AUTH']),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Validates the raw JSON; throws ConfigError naming the bad fields. */
export function parseConfig(raw: unknown): AppConfig {
  const result = appConfigSchema.safeParse(raw);
  if (!result.success) {
    const fields = result.error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ');
    throw new ConfigError(`Invalid /config.json: ${fields}`);
  }
  return result.data;
}

/** Fetches and validates /config.json (never cached: a redeploy may point at another pool). */
export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  let response: Response;
  try {
    response = await fetchImpl('/config.json', { cache: 'no-store', headers: { accept: 'application/json' } });
  } catch (error) {
    throw new ConfigError(`Could not load /config.json: ${(error as Error).message}`);
  }
  if (!response.ok) throw new ConfigError(`Could not load /config.json: HTTP ${response.status}`);
  let raw: unknown;
  try {
    raw = await response.json();
  } catch {
    throw new ConfigError('Invalid /config.json: not JSON');
  }
  return parseConfig(raw);
}

import { appConfigSchema, type AppConfig } from '@reviewroute/shared';

export type { AppConfig };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Validates the raw JSON against the shared schema; throws ConfigError naming the bad fields. */
export function parseConfig(raw: unknown): AppConfig {
  const result = appConfigSchema.safeParse(raw);
  if (!result.success) {
    const fields = result.error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ');
    throw new ConfigError(`Invalid /config.json: ${fields}`);
  }
  return result.data;
}

let loaded: AppConfig | undefined;

/**
 * Whether the API can search Google Places, from the config loadConfig last read (the owner app loads it
 * before any owner page renders). Without a config yet it assumes so; the API's answer still tells.
 */
export function placeSearchConfigured(): boolean {
  return loaded?.placeSearch ?? true;
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
  loaded = parseConfig(raw);
  return loaded;
}

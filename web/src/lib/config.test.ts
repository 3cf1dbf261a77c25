import { describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig, parseConfig, placeSearchConfigured } from './config';

const local = {
  region: 'eu-west-1',
  userPoolId: 'local_abc',
  userPoolClientId: 'client',
  userPoolEndpoint: 'http://localhost:9229',
  authFlowType: 'USER_PASSWORD_AUTH',
  placeSearch: true,
};

describe('parseConfig', () => {
  it('accepts the local config', () => {
    expect(parseConfig(local)).toEqual(local);
  });

  it('accepts the production config without an endpoint', () => {
    const { userPoolEndpoint: _omit, ...production } = { ...local, authFlowType: 'USER_SRP_AUTH' };
    expect(parseConfig(production).userPoolEndpoint).toBeUndefined();
  });

  it('rejects an unknown auth flow', () => {
    expect(() => parseConfig({ ...local, authFlowType: 'CUSTOM_AUTH' })).toThrow(/authFlowType/);
  });

  it('needs to know whether place search is configured', () => {
    const { placeSearch: _omit, ...withoutFlag } = local;
    expect(() => parseConfig(withoutFlag)).toThrow(/placeSearch/);
  });

  it('names every missing field', () => {
    expect(() => parseConfig({ region: 'eu-west-1' })).toThrow(/userPoolId.*userPoolClientId/);
  });

  it('rejects empty ids and a non-URL endpoint', () => {
    expect(() => parseConfig({ ...local, userPoolId: '' })).toThrow(ConfigError);
    expect(() => parseConfig({ ...local, userPoolEndpoint: 'not a url' })).toThrow(/userPoolEndpoint/);
  });

  it('rejects non-objects', () => {
    expect(() => parseConfig(null)).toThrow(ConfigError);
    expect(() => parseConfig('x')).toThrow(ConfigError);
  });
});

describe('loadConfig', () => {
  it('fetches /config.json without caching', async () => {
    const fetchImpl = vi.fn(async () => Response.json(local));
    await expect(loadConfig(fetchImpl)).resolves.toEqual(local);
    expect(fetchImpl).toHaveBeenCalledWith('/config.json', expect.objectContaining({ cache: 'no-store' }));
  });

  it('tells whether place search is configured from the config it loaded', async () => {
    await loadConfig(async () => Response.json({ ...local, placeSearch: false }));
    expect(placeSearchConfigured()).toBe(false);
    await loadConfig(async () => Response.json(local));
    expect(placeSearchConfigured()).toBe(true);
  });

  it('fails clearly on HTTP errors, bad JSON and network errors', async () => {
    await expect(loadConfig(async () => new Response('nope', { status: 404 }))).rejects.toThrow(/HTTP 404/);
    await expect(loadConfig(async () => new Response('<html>', { status: 200 }))).rejects.toThrow(/not JSON/);
    await expect(
      loadConfig(async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).rejects.toThrow(/Failed to fetch/);
  });
});

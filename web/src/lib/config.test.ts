import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configHandler, serveApi } from '@testing/api';
import { type AppConfig, ConfigError, loadConfig, parseConfig, placeSearchConfigured } from './config';

const local = {
  region: 'eu-west-1',
  userPoolId: 'local_abc',
  userPoolClientId: 'client',
  userPoolEndpoint: 'http://localhost:9229',
  authFlowType: 'USER_PASSWORD_AUTH',
  placeSearch: true,
} satisfies AppConfig;

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
  afterEach(() => vi.restoreAllMocks());

  /** /config.json answers `response`. */
  const configAnswers = (response: () => Response) => serveApi(http.get('/config.json', response));

  it('fetches /config.json without caching', async () => {
    serveApi(configHandler(local));
    // happy-dom's Request drops `cache`, so the handler cannot see it: watch what fetch is given (msw still
    // answers).
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await expect(loadConfig()).resolves.toEqual(local);
    expect(fetchSpy.mock.calls[0]?.[1]).toMatchObject({ cache: 'no-store' });
  });

  it('tells whether place search is configured from the config it loaded', async () => {
    serveApi(configHandler({ ...local, placeSearch: false }));
    await loadConfig();
    expect(placeSearchConfigured()).toBe(false);
    serveApi(configHandler(local));
    await loadConfig();
    expect(placeSearchConfigured()).toBe(true);
  });

  it('fails clearly on HTTP errors, bad JSON and network errors', async () => {
    configAnswers(() => new HttpResponse('nope', { status: 404 }));
    await expect(loadConfig()).rejects.toThrow(/HTTP 404/);
    configAnswers(() => HttpResponse.html('<html>'));
    await expect(loadConfig()).rejects.toThrow(/not JSON/);
    configAnswers(() => HttpResponse.error());
    await expect(loadConfig()).rejects.toThrow(/Failed to fetch/);
  });
});

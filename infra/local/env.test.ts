import { describe, expect, it } from 'vitest';
import { localWebConfig } from './env';

describe('localWebConfig (the local /config.json)', () => {
  const pool = { userPoolId: 'local_pool', userPoolClientId: 'client' };

  it('points the app at cognito-local with password auth, and says place search works with a Google key', () => {
    expect(localWebConfig(pool, 'http://localhost:9229', { GOOGLE_PLACES_API_KEY: 'key' })).toEqual({
      region: 'eu-west-1',
      userPoolId: 'local_pool',
      userPoolClientId: 'client',
      userPoolEndpoint: 'http://localhost:9229',
      authFlowType: 'USER_PASSWORD_AUTH',
      placeSearch: true,
    });
  });

  it('says place search is not configured without a key', () => {
    expect(localWebConfig(pool, 'http://localhost:9229', {}).placeSearch).toBe(false);
    expect(localWebConfig(pool, 'http://localhost:9229', { GOOGLE_PLACES_API_KEY: '' }).placeSearch).toBe(false);
  });
});

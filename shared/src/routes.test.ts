import { describe, expect, it } from 'vitest';
import { activeDomains, matchRoute, routeKey, routes } from './routes';

describe('route table', () => {
  it('has unique ids and unique route keys, all under /api', () => {
    expect(new Set(routes.map((r) => r.id)).size).toBe(routes.length);
    expect(new Set(routes.map(routeKey)).size).toBe(routes.length);
    for (const r of routes) expect(r.path.startsWith('/api/')).toBe(true);
  });

  it('matches concrete paths and reports a method mismatch', () => {
    expect(matchRoute('GET', '/api/health')).toMatchObject({ route: { id: 'health' } });
    expect(matchRoute('get', '/api/me/')).toMatchObject({ route: { id: 'me' } });
    expect(matchRoute('POST', '/api/health')).toEqual({ methodMismatch: true });
    expect(matchRoute('GET', '/api/nothing')).toBeUndefined();
  });

  it('lists exactly the domains that have routes', () => {
    expect(activeDomains().sort()).toEqual([...new Set(routes.map((r) => r.domain))].sort());
  });
});

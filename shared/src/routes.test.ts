import { describe, expect, it } from 'vitest';
import { activeDomains, matchRoute, pathOf, routeKey, routes, shortLinkPathPrefix } from './routes';

describe('route table', () => {
  it('has unique ids and unique route keys, all under /api but the short links', () => {
    expect(new Set(routes.map((r) => r.id)).size).toBe(routes.length);
    expect(new Set(routes.map(routeKey)).size).toBe(routes.length);
    const outside = routes.filter((r) => !r.path.startsWith('/api/'));
    expect(outside.map((r) => r.id)).toEqual(['open-short-link']);
    expect(outside[0]!.path.startsWith(shortLinkPathPrefix)).toBe(true);
    expect(matchRoute('GET', '/r/Ab3dE5gH9k')).toMatchObject({ route: { id: 'open-short-link' } });
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

  it('builds concrete paths from route ids, encoding each parameter', () => {
    expect(pathOf('list-surveys')).toBe('/api/surveys');
    expect(pathOf('get-survey', { surveyId: 'a/b c' })).toBe('/api/surveys/a%2Fb%20c');
    expect(pathOf('confirm-upload', { surveyId: 's1' })).toBe('/api/surveys/s1/uploads/confirm');
    const built = pathOf('submit-response', { surveyCode: 'abc' });
    expect(matchRoute('POST', built)).toMatchObject({
      route: { id: 'submit-response' },
      pathParameters: { surveyCode: 'abc' },
    });
  });

  it('refuses a misspelt route id or missing parameters at compile time', () => {
    // @ts-expect-error: no such route id
    expect(() => pathOf('get-surveys')).toThrow();
    // @ts-expect-error: get-survey needs its surveyId
    expect(() => pathOf('get-survey')).toThrow();
  });
});

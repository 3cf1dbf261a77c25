import { describe, expect, it } from 'vitest';
import { routes } from '@reviewroute/shared';
import { buildHttpApiEvent, createTokenRateRule, stringifyClaims } from './gateway';

const health = routes.find((r) => r.id === 'health')!;
const request = (overrides: Partial<Parameters<typeof buildHttpApiEvent>[0]> = {}) => ({
  method: 'GET',
  url: '/api/health',
  headers: { host: 'localhost:5173', 'user-agent': 'test' },
  body: Buffer.alloc(0),
  sourceIp: '127.0.0.1',
  ...overrides,
});

describe('buildHttpApiEvent (payload format 2.0)', () => {
  it('passes JSON bodies as text and binary bodies base64-encoded', () => {
    const json = buildHttpApiEvent(
      request({ method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.from('{"a":1}') }),
      health,
      {},
    );
    expect(json).toMatchObject({ body: '{"a":1}', isBase64Encoded: false });

    const bytes = Buffer.from([0xff, 0x00, 0x10]);
    const binary = buildHttpApiEvent(
      request({ method: 'POST', headers: { 'content-type': 'image/png' }, body: bytes }),
      health,
      {},
    );
    expect(binary).toMatchObject({ body: bytes.toString('base64'), isBase64Encoded: true });
  });

  it('leaves out body, query, path parameters, cookies and authorizer when there are none', () => {
    const event = buildHttpApiEvent(request(), health, {});
    for (const key of ['body', 'queryStringParameters', 'pathParameters', 'cookies'] as const)
      expect(event).not.toHaveProperty(key);
    expect(event.requestContext).not.toHaveProperty('authorizer');
    expect(event.rawQueryString).toBe('');
  });

  it('keeps the raw path and query, joins repeated parameters and carries path parameters', () => {
    const event = buildHttpApiEvent(
      request({ url: '/api/surveys/a%20b?x=1&x=2&y=' }),
      { ...health, path: '/api/surveys/{id}' },
      { id: 'a b' },
    );
    expect(event.rawPath).toBe('/api/surveys/a%20b');
    expect(event.rawQueryString).toBe('x=1&x=2&y=');
    expect(event.queryStringParameters).toEqual({ x: '1,2', y: '' });
    expect(event.pathParameters).toEqual({ id: 'a b' });
    expect(event.routeKey).toBe('GET /api/surveys/{id}');
  });

  it('formats requestContext.time like API Gateway', () => {
    const event = buildHttpApiEvent(request(), health, {}, undefined, new Date(Date.UTC(2026, 10, 1, 8, 5, 9)));
    expect(event.requestContext.time).toBe('01/Nov/2026:08:05:09 +0000');
    expect(event.requestContext.timeEpoch).toBe(Date.UTC(2026, 10, 1, 8, 5, 9));
  });
});

describe('stringifyClaims', () => {
  it('turns every claim into a string, arrays as [a b]', () => {
    expect(stringifyClaims({ sub: 'x', exp: 5, email_verified: true, 'cognito:groups': ['a', 'b'] })).toEqual({
      sub: 'x',
      exp: '5',
      email_verified: 'true',
      'cognito:groups': '[a b]',
    });
  });
});

describe('createTokenRateRule (the web ACL twin of the per-token rate rule)', () => {
  const minute = 60_000;
  it('refuses a token past its limit until its flood has aged out, and no other token or tokenless request', () => {
    const rule = createTokenRateRule({ limit: 3, windowSeconds: 60 });
    const start = 10 * minute;
    expect([1, 2, 3].map((i) => rule('Bearer a', start + i))).toEqual([undefined, undefined, undefined]);
    expect(rule('Bearer a', start + 30_000)).toBe(30);
    expect(rule('Bearer b', start + 30_000)).toBeUndefined();
    expect(rule(undefined, start + 30_000)).toBeUndefined();
    // Early in the next window the previous one's 4 still weigh almost fully: still refused.
    expect(rule('Bearer a', start + minute + 1000)).toBe(59);
    // Two windows later nothing of the flood counts.
    expect(rule('Bearer a', start + 3 * minute)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { contractOf, routeContracts } from './route-contracts';
import { routes } from './routes';

const paramNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

describe('route contracts', () => {
  it('has the schemas of exactly the routes of the table', () => {
    expect(Object.keys(routeContracts).sort()).toEqual(routes.map((r) => r.id).sort());
  });

  it('parses exactly the path parameters each path has', () => {
    for (const route of routes) {
      const { params } = contractOf(route.id);
      const names = params instanceof z.ZodObject ? Object.keys(params.shape).sort() : [];
      expect(names, route.id).toEqual(paramNames(route.path));
    }
  });

  it('reads a body only where the method carries one, and a query only on reads', () => {
    for (const route of routes) {
      const { body, query } = contractOf(route.id);
      if (body) expect(['POST', 'PUT', 'PATCH', 'DELETE'], route.id).toContain(route.method);
      if (query) expect(route.method, route.id).toBe('GET');
    }
  });

  it('marks only owner routes as creating data (the erasure check needs an owner), public ones throttled as public', () => {
    for (const route of routes) {
      if ('createsData' in route) expect(route.auth, route.id).toBe('owner');
      if (route.auth === 'public') expect(route.throttle, route.id).toBe('public');
    }
  });
});

import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeKey, routes } from '@reviewroute/shared';
import { sampleEvent } from './events';

// events/ is what `npm run invoke` and the handler tests feed to Lambda: one sample per route, kept in
// step with the route table so a new route cannot ship without one.
describe('sample events', () => {
  it.each(routes.map((r) => [r.id, r] as const))('%s has a payload 2.0 sample with its route key', (id, route) => {
    expect(existsSync(new URL(`../../events/${id}.json`, import.meta.url)), `events/${id}.json`).toBe(true);
    const event = sampleEvent(id);
    expect(event.version).toBe('2.0');
    expect(event.routeKey).toBe(routeKey(route));
    expect(event.requestContext.routeKey).toBe(routeKey(route));
    expect(event.requestContext.http.method).toBe(route.method);
    const hasClaims = Boolean(event.requestContext.authorizer?.jwt?.claims?.sub);
    expect(hasClaims).toBe(route.auth === 'owner');
  });
});

import { type DefaultBodyType, http, HttpResponse, type HttpResponseResolver } from 'msw';
import { setupServer } from 'msw/node';
import { type AppConfig, routeOf, type RouteId, type RouteParams, routes } from '@reviewroute/shared';

/**
 * The network of the web unit tests: every request goes to msw, and a request no handler answers fails the
 * test (web/testing/setup-msw.ts starts it for the unit-web project and resets it after each test).
 */
export const apiServer = setupServer();

/** One request an `apiHandler` answered. */
export interface ApiCall {
  route: RouteId;
  method: string;
  /** The concrete path with its query, e.g. pathOf('get-survey', { surveyId: 's1' }). */
  path: string;
  /** The parsed JSON body, if any. */
  body: Record<string, unknown> | undefined;
}

const calls: ApiCall[] = [];

/** Every request the current test's API handlers answered, in order. */
export const apiCalls = (): readonly ApiCall[] => calls;

/** Forgets the recorded requests (the setup file calls it after each test). */
export const clearApiCalls = () => {
  calls.length = 0;
};

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * The msw handler answering route `id` of the route table (its method, its path with every parameter),
 * recording each request in `apiCalls()` before `resolver` answers it.
 */
export function apiHandler<Id extends RouteId>(
  id: Id,
  resolver: HttpResponseResolver<RouteParams<Id>, DefaultBodyType>,
) {
  const route = routeOf(id);
  // The table writes parameters as {name}, msw as :name; relative paths resolve against the test document's origin.
  const path = route.path.replace(/\{(\w+)\}/g, ':$1');
  return http[route.method.toLowerCase() as Method]<RouteParams<Id>>(path, async (info) => {
    const url = new URL(info.request.url);
    const call: ApiCall = { route: id, method: route.method, path: url.pathname + url.search, body: undefined };
    calls.push(call);
    const text = await info.request.clone().text();
    try {
      call.body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    } catch {
      // Not JSON: the resolver can still read the request itself.
    }
    return resolver(info);
  });
}

/**
 * A handler for every route of the table answering with `resolver`: for pages that call more of the API than
 * the test is about. Pass them after the test's own handlers (the first matching handler answers).
 */
export const everyRoute = (resolver: HttpResponseResolver<Record<string, string>, DefaultBodyType>) =>
  routes.map((route) => apiHandler(route.id, resolver as HttpResponseResolver<RouteParams<RouteId>, DefaultBodyType>));

/** Answers these routes for the rest of the current test (before any handler answering the same route). */
export const serveApi = (...handlers: Parameters<typeof apiServer.use>) => apiServer.use(...handlers);

/** Serves `config` as the owner app's runtime /config.json (see loadConfig in web/src/lib/config.ts). */
export const configHandler = (config: AppConfig) => http.get('/config.json', () => HttpResponse.json(config));

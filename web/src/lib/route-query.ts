import { queryOptions, useMutation, type UseMutationOptions, useQuery } from '@tanstack/react-query';
import type { Route, RouteId, RouteResult } from '@reviewroute/shared';
import { type ApiError, call, type CallInput } from './api-client';

/**
 * Query and mutation hooks for any route of the route table, derived from it as `call()` is: a route is read
 * through one cache entry, keyed by its id and input, whichever feature reads it. So features share a read
 * (the account summary: the header badge, the renewal banner, the billing tab, the payments page) without
 * importing each other, and a refresh of the route reaches every reader.
 */

/** The routes a query may read: the GETs. */
export type QueryRouteId = Extract<Route, { method: 'GET' }>['id'];

/** What a call is made of, without its abort signal: the parts of the cache key. */
export type RouteInput<Id extends RouteId> = Omit<CallInput<Id>, 'signal'>;

/** An optional argument when the route takes no required input, else a required one. */
type InputArg<Id extends RouteId> = object extends RouteInput<Id> ? [input?: RouteInput<Id>] : [input: RouteInput<Id>];

/**
 * The cache key of route `id` called with `input`: `[id]`, then `{ params, query }` when it has any. `[id]` alone
 * is a prefix of every call of the route, so invalidating `routeQueryKey('get-payment')` refreshes each payment.
 */
export function routeQueryKey<Id extends RouteId>(id: Id, input?: RouteInput<Id>): readonly unknown[] {
  const { params, query } = (input ?? {}) as { params?: object; query?: object };
  return params || query ? [id, { params, query }] : [id];
}

/** The query options of a GET route: its key and its `call()`; spread them to add `enabled`, `select`, `retry`… */
export function routeQueryOptions<Id extends QueryRouteId>(id: Id, ...[input]: InputArg<Id>) {
  return queryOptions<RouteResult<Id>, ApiError>({
    queryKey: routeQueryKey(id, input),
    queryFn: ({ signal }) =>
      (call as (id: Id, input: CallInput<Id>) => Promise<RouteResult<Id>>)(id, { ...input, signal } as CallInput<Id>),
  });
}

/** Reads a GET route through its one cache entry. */
export function useRouteQuery<Id extends QueryRouteId>(id: Id, ...input: InputArg<Id>) {
  return useQuery(routeQueryOptions(id, ...input));
}

/** A mutation that calls route `id` with the input it is given; `options` adds what a write refreshes. */
export function useRouteMutation<Id extends RouteId>(
  id: Id,
  options?: Omit<UseMutationOptions<RouteResult<Id>, ApiError, RouteInput<Id>>, 'mutationFn'>,
) {
  return useMutation<RouteResult<Id>, ApiError, RouteInput<Id>>({
    ...options,
    mutationFn: (input) => (call as (id: Id, input: RouteInput<Id>) => Promise<RouteResult<Id>>)(id, input),
  });
}

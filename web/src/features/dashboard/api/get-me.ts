import { queryOptions, useQuery } from '@tanstack/react-query';
import { meResponseSchema, pathOf } from '@reviewroute/shared';
import { apiFetch } from '@/lib/api-client';

export const getMe = (signal?: AbortSignal) => apiFetch(pathOf('me'), { schema: meResponseSchema, signal });

export const getMeQueryOptions = () => queryOptions({ queryKey: ['me'], queryFn: ({ signal }) => getMe(signal) });

/**
 * The user as the API sees them (from the verified token), proving the browser -> API chain: the dashboard's
 * welcome card and the header's account menu show its e-mail.
 */
export const useMe = () => useQuery(getMeQueryOptions());

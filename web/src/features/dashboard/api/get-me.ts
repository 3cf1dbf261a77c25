import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { meKeys } from '@/lib/query-keys';

export const getMeQueryOptions = () =>
  queryOptions({ queryKey: meKeys.me(), queryFn: ({ signal }) => call('me', { signal }) });

/**
 * The user as the API sees them (from the verified token), proving the browser -> API chain: the dashboard's
 * welcome card and the header's account menu show its e-mail.
 */
export const useMe = () => useQuery(getMeQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountSummarySchema, pathOf } from '@reviewroute/shared';
import { apiFetch } from '@/lib/api-client';

export const getAccountSummary = (signal?: AbortSignal) =>
  apiFetch(pathOf('get-account'), { schema: accountSummarySchema, signal });

export const getAccountSummaryQueryOptions = () =>
  queryOptions({ queryKey: ['account'], queryFn: ({ signal }) => getAccountSummary(signal) });

/** The account summary; the header's trial badge reads it. */
export const useAccountSummary = () => useQuery(getAccountSummaryQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { accountKeys } from '@/lib/query-keys';

export const getAccountSummaryQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.summary(), queryFn: ({ signal }) => call('get-account', { signal }) });

/** The account summary; the header's trial badge reads it. */
export const useAccountSummary = () => useQuery(getAccountSummaryQueryOptions());

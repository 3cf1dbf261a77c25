import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { accountKeys } from '@/lib/query-keys';

/** The account summary (its plan state, decisions 22): the same key as the header badge's, so both stay in step. */
export const planStateQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.summary(),
    queryFn: ({ signal }) => call('get-account', { signal }),
    select: (summary) => summary.plan,
  });

/** The signed-in owner's plan state; nothing is asked while signed out. */
export const usePlanState = (signedIn: boolean) => useQuery({ ...planStateQueryOptions(), enabled: signedIn });

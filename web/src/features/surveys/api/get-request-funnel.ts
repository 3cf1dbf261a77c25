import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { requestKeys } from '@/lib/query-keys';

/** How often a shown funnel is read again: customers open, rate and click while the owner looks. One item a read. */
export const funnelPollMs = 5000;

export const getRequestFunnelQueryOptions = (surveyId: string) =>
  queryOptions({
    queryKey: requestKeys.funnel(surveyId),
    queryFn: ({ signal }) => call('get-request-funnel', { params: { surveyId }, signal }),
    refetchInterval: funnelPollMs,
  });

/** The survey's review-request funnel (the requests page and the dashboard share it). */
export const useRequestFunnel = (surveyId: string) => useQuery(getRequestFunnelQueryOptions(surveyId));

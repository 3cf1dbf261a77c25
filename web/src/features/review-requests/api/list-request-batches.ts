import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type RequestBatch } from '@reviewroute/shared';
import { call } from '@/lib/api-client';
import { requestKeys } from '@/lib/query-keys';

/** How often a list that is still sending is read again: the worker's progress shows without a reload. */
export const requestPollMs = 2000;

export const isSettled = (batch: RequestBatch) => batch.state === 'done';

/** The survey's batches, newest first, a page (20) at a time: the webhook makes one per customer. */
export const listRequestBatchesQueryOptions = (surveyId: string) =>
  infiniteQueryOptions({
    queryKey: requestKeys.batches(surveyId),
    queryFn: ({ signal, pageParam }) =>
      call('list-request-batches', {
        params: { surveyId },
        query: pageParam ? { cursor: pageParam } : {},
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/**
 * The survey's batches; read again while a batch of the newest page is not done. Older pages hold batches that
 * were sent long ago, and a refetch reads every loaded page, so only the newest decides.
 */
export const useRequestBatches = (surveyId: string) =>
  useInfiniteQuery({
    ...listRequestBatchesQueryOptions(surveyId),
    refetchInterval: (query) =>
      query.state.data?.pages[0]?.batches.every(isSettled) === false ? requestPollMs : false,
  });

import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { requestKeys } from '@/lib/query-keys';
import { requestPollMs } from './list-request-batches';

export const listRequestRecipientsQueryOptions = (surveyId: string, batchId: string) =>
  infiniteQueryOptions({
    queryKey: requestKeys.recipients(surveyId, batchId),
    queryFn: ({ signal, pageParam }) =>
      call('list-request-recipients', {
        params: { surveyId, batchId },
        query: pageParam ? { cursor: pageParam } : {},
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** A batch's customers, a page at a time; read again while the batch is still being sent. */
export const useRequestRecipients = (surveyId: string, batchId: string, live: boolean) =>
  useInfiniteQuery({
    ...listRequestRecipientsQueryOptions(surveyId, batchId),
    refetchInterval: live ? requestPollMs : false,
  });

import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { funnelMarks, requestChannels } from '@reviewroute/shared';
import { call } from '@/lib/api-client';
import { requestKeys } from '@/lib/query-keys';
import { useRequestFunnel } from '@/features/surveys/api/get-request-funnel';
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

/**
 * A customer opens, rates or clicks days after their batch was done, while no customer list is polled: when the
 * funnel (read again while shown) counts a new step, the survey's customer lists are read again, so the
 * customer's mark shows beside the count that just moved.
 */
export function useRecipientsFollowFunnel(surveyId: string) {
  const queryClient = useQueryClient();
  const { data } = useRequestFunnel(surveyId);
  // A channel's new delivery report, failure or suppression moves a row too (sent -> delivered, unsubscribed…).
  const marks = data
    ? requestChannels.map((c) => funnelMarks.filter((m) => m !== 'sent').map((m) => data[c][m])).join('|')
    : undefined;
  const seen = useRef(marks);
  useEffect(() => {
    if (seen.current !== undefined && marks !== seen.current)
      void queryClient.invalidateQueries({ queryKey: requestKeys.allRecipients(surveyId) });
    seen.current = marks;
  }, [marks, queryClient, surveyId]);
}

import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type InboxFilter } from '@reviewroute/shared';
import { call } from '@/lib/api-client';
import { inboxKeys } from '@/lib/query-keys';

/** One survey's inbox under a filter, page by page (`next` is the cursor of the page after). */
export const listInboxQueryOptions = (surveyId: string, filter: InboxFilter) =>
  infiniteQueryOptions({
    queryKey: inboxKeys.list(surveyId, filter),
    queryFn: ({ pageParam, signal }) =>
      call('list-inbox', { params: { surveyId }, query: { ...filter, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });

export const useInbox = (surveyId: string | undefined, filter: InboxFilter) =>
  useInfiniteQuery({ ...listInboxQueryOptions(surveyId ?? '', filter), enabled: Boolean(surveyId) });

import { queryOptions, useQuery } from '@tanstack/react-query';
import { type RequestBatch } from '@reviewroute/shared';
import { call } from '@/lib/api-client';
import { requestKeys } from '@/lib/query-keys';

/** How often a list that is still sending is read again: the worker's progress shows without a reload. */
export const requestPollMs = 2000;

export const isSettled = (batch: RequestBatch) => batch.state === 'done';

export const listRequestBatchesQueryOptions = (surveyId: string) =>
  queryOptions({
    queryKey: requestKeys.batches(surveyId),
    queryFn: ({ signal }) => call('list-request-batches', { params: { surveyId }, signal }).then((r) => r.batches),
  });

/** The survey's batches; read again while one is not done yet. */
export const useRequestBatches = (surveyId: string) =>
  useQuery({
    ...listRequestBatchesQueryOptions(surveyId),
    refetchInterval: (query) => (query.state.data?.every(isSettled) === false ? requestPollMs : false),
  });

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateRequestBatchInput } from '@reviewroute/shared';
import { call } from '@/lib/api-client';
import { requestKeys } from '@/lib/query-keys';

/** Records a batch; the requests worker sends it (now or at `sendAt`). */
export const createRequestBatch = (surveyId: string, body: CreateRequestBatchInput) =>
  call('create-request-batch', { params: { surveyId }, body });

export function useCreateRequestBatch(surveyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRequestBatchInput) => createRequestBatch(surveyId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.survey(surveyId) }),
  });
}

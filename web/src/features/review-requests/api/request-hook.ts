import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type RequestHookCreated } from '@reviewroute/shared';
import { call } from '@/lib/api-client';
import { requestHookKeys } from '@/lib/query-keys';

/** The survey's webhook (null until the owner makes one). */
export const useRequestHook = (surveyId: string) =>
  useQuery({
    queryKey: requestHookKeys.hook(surveyId),
    queryFn: ({ signal }) => call('get-request-hook', { params: { surveyId }, signal }).then((r) => r.hook),
  });

/** Makes the hook or replaces its token; the answer carries the token, the only time it is ever shown. */
export function useRegenerateRequestHook(surveyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (delayMinutes: number | undefined): Promise<RequestHookCreated> =>
      call('regenerate-request-hook', { params: { surveyId }, body: { permissionConfirmed: true, delayMinutes } }),
    onSuccess: ({ hook }) => queryClient.setQueryData(requestHookKeys.hook(surveyId), hook),
  });
}

export function useUpdateRequestHook(surveyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (delayMinutes: number) => call('update-request-hook', { params: { surveyId }, body: { delayMinutes } }),
    onSuccess: (hook) => queryClient.setQueryData(requestHookKeys.hook(surveyId), hook),
  });
}

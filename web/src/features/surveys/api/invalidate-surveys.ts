import { type QueryClient } from '@tanstack/react-query';
import { type Survey } from '@reviewroute/shared';
import { surveyKeys } from '@/lib/query-keys';

/** After a create, publish, upload or delete: the list and that survey are fetched again when shown. */
export function invalidateSurveys(queryClient: QueryClient, saved?: Survey): Promise<void> {
  if (saved) queryClient.setQueryData(surveyKeys.detail(saved.id), saved);
  return queryClient.invalidateQueries({ queryKey: surveyKeys.all() });
}

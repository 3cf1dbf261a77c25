import { type QueryClient } from '@tanstack/react-query';
import { type Survey } from '@reviewroute/shared';
import { surveyQueryKey } from './get-survey';
import { surveysQueryKey } from './list-surveys';

/** After a create, publish, upload or delete: the list and that survey are fetched again when shown. */
export function invalidateSurveys(queryClient: QueryClient, saved?: Survey): Promise<void> {
  if (saved) queryClient.setQueryData(surveyQueryKey(saved.id), saved);
  return queryClient.invalidateQueries({ queryKey: surveysQueryKey });
}

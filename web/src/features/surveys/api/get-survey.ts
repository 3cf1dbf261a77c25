import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { surveyKeys } from '@/lib/query-keys';

export const getSurveyQueryOptions = (surveyId: string) =>
  queryOptions({
    queryKey: surveyKeys.detail(surveyId),
    queryFn: ({ signal }) => call('get-survey', { params: { surveyId }, signal }),
  });

/** One survey in full; idle until there is an id. */
export const useSurvey = (surveyId: string | null | undefined) =>
  useQuery({ ...getSurveyQueryOptions(surveyId ?? ''), enabled: Boolean(surveyId) });

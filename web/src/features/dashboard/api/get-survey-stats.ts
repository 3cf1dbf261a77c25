import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { dashboardKeys } from '@/lib/query-keys';
import { liveOptions } from './dashboard-query';

export const getSurveyStatsQueryOptions = (surveyId: string) =>
  queryOptions({
    queryKey: dashboardKeys.stats(surveyId),
    queryFn: ({ signal }) => call('get-survey-stats', { params: { surveyId }, signal }),
    ...liveOptions,
  });

export const useSurveyStats = (surveyId: string | undefined) =>
  useQuery({ ...getSurveyStatsQueryOptions(surveyId ?? ''), enabled: Boolean(surveyId) });

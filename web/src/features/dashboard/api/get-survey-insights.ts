import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { dashboardKeys } from '@/lib/query-keys';
import { liveOptions } from './dashboard-query';

export const getSurveyInsightsQueryOptions = (surveyId: string) =>
  queryOptions({
    queryKey: dashboardKeys.insights(surveyId),
    queryFn: ({ signal }) => call('get-survey-insights', { params: { surveyId }, signal }),
    ...liveOptions,
  });

export const useSurveyInsights = (surveyId: string) => useQuery(getSurveyInsightsQueryOptions(surveyId));

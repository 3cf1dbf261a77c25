import { queryOptions, useQuery } from '@tanstack/react-query';
import { pathOf, surveyStatsSchema } from '@reviewroute/shared';
import { apiFetch } from '@/lib/api-client';
import { dashboardQueryKey, liveOptions } from './dashboard-query';

export const getSurveyStats = (surveyId: string, signal?: AbortSignal) =>
  apiFetch(pathOf('get-survey-stats', { surveyId }), { schema: surveyStatsSchema, signal });

export const getSurveyStatsQueryOptions = (surveyId: string) =>
  queryOptions({
    queryKey: dashboardQueryKey('stats', surveyId),
    queryFn: ({ signal }) => getSurveyStats(surveyId, signal),
    ...liveOptions,
  });

export const useSurveyStats = (surveyId: string | undefined) =>
  useQuery({ ...getSurveyStatsQueryOptions(surveyId ?? ''), enabled: Boolean(surveyId) });

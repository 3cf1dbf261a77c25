import { queryOptions, useQuery } from '@tanstack/react-query';
import { pathOf, surveySchema } from '@reviewroute/shared';
import { apiFetch } from '@/lib/api-client';
import { surveysQueryKey } from './list-surveys';

export const surveyQueryKey = (surveyId: string) => [...surveysQueryKey, 'detail', surveyId] as const;

export const getSurvey = (surveyId: string, signal?: AbortSignal) =>
  apiFetch(pathOf('get-survey', { surveyId }), { schema: surveySchema, signal });

export const getSurveyQueryOptions = (surveyId: string) =>
  queryOptions({ queryKey: surveyQueryKey(surveyId), queryFn: ({ signal }) => getSurvey(surveyId, signal) });

/** One survey in full; idle until there is an id. */
export const useSurvey = (surveyId: string | null | undefined) =>
  useQuery({ ...getSurveyQueryOptions(surveyId ?? ''), enabled: Boolean(surveyId) });

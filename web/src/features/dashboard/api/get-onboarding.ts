import { queryOptions, useQuery } from '@tanstack/react-query';
import { onboardingSchema, pathOf } from '@reviewroute/shared';
import { apiFetch } from '@/lib/api-client';
import { dashboardQueryKey, liveOptions } from './dashboard-query';

export const getOnboarding = (surveyId: string, signal?: AbortSignal) =>
  apiFetch(pathOf('get-onboarding', { surveyId }), { schema: onboardingSchema, signal });

export const getOnboardingQueryOptions = (surveyId: string) =>
  queryOptions({
    queryKey: dashboardQueryKey('onboarding', surveyId),
    queryFn: ({ signal }) => getOnboarding(surveyId, signal),
    ...liveOptions,
  });

export const useOnboarding = (surveyId: string | undefined) =>
  useQuery({ ...getOnboardingQueryOptions(surveyId ?? ''), enabled: Boolean(surveyId) });

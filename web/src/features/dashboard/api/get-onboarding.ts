import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { dashboardKeys } from '@/lib/query-keys';
import { liveOptions } from './dashboard-query';

export const getOnboardingQueryOptions = (surveyId: string) =>
  queryOptions({
    queryKey: dashboardKeys.onboarding(surveyId),
    queryFn: ({ signal }) => call('get-onboarding', { params: { surveyId }, signal }),
    ...liveOptions,
  });

export const useOnboarding = (surveyId: string | undefined) =>
  useQuery({ ...getOnboardingQueryOptions(surveyId ?? ''), enabled: Boolean(surveyId) });

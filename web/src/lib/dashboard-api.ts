import { useQuery } from '@tanstack/react-query';
import { accountSummarySchema, onboardingSchema, surveyStatsSchema } from '@reviewroute/shared';
import { apiFetch } from './api-client';

/**
 * The owner dashboard API (issue 5): stats and onboarding per survey, and the account summary the header's
 * trial badge reads. The keys sit outside ['surveys', …] on purpose: invalidating the list after a delete
 * must not refetch the deleted survey's stats (a 404 and a false error toast) before the selection moves.
 */

export const surveyStatsQueryKey = (surveyId: string) => ['dashboard', 'stats', surveyId] as const;
export const onboardingQueryKey = (surveyId: string) => ['dashboard', 'onboarding', surveyId] as const;
export const accountQueryKey = ['account'] as const;

const surveyPath = (surveyId: string) => `/api/surveys/${encodeURIComponent(surveyId)}`;

export const getSurveyStats = (surveyId: string, signal?: AbortSignal) =>
  apiFetch(`${surveyPath(surveyId)}/stats`, { schema: surveyStatsSchema, signal });

export const getOnboarding = (surveyId: string, signal?: AbortSignal) =>
  apiFetch(`${surveyPath(surveyId)}/onboarding`, { schema: onboardingSchema, signal });

export const getAccountSummary = (signal?: AbortSignal) =>
  apiFetch('/api/account', { schema: accountSummarySchema, signal });

/** The sidebar and the dashboard page may both report a failed survey list: sonner shows one toast per id. */
export const surveysLoadFailedToastId = 'surveys-load-failed';

/** Responses arrive while the owner looks elsewhere: coming back to the tab shows fresh numbers. */
const liveOptions = { staleTime: 10_000, refetchOnWindowFocus: true } as const;

export function useSurveyStats(surveyId: string | undefined) {
  return useQuery({
    queryKey: surveyStatsQueryKey(surveyId ?? ''),
    queryFn: ({ signal }) => getSurveyStats(surveyId!, signal),
    enabled: Boolean(surveyId),
    ...liveOptions,
  });
}

export function useOnboarding(surveyId: string | undefined) {
  return useQuery({
    queryKey: onboardingQueryKey(surveyId ?? ''),
    queryFn: ({ signal }) => getOnboarding(surveyId!, signal),
    enabled: Boolean(surveyId),
    ...liveOptions,
  });
}

export function useAccountSummary() {
  return useQuery({ queryKey: accountQueryKey, queryFn: ({ signal }) => getAccountSummary(signal) });
}

/**
 * The dashboard's per-survey keys sit outside ['surveys', …] on purpose: invalidating the list after a delete
 * must not refetch the deleted survey's stats (a 404 and a false error toast) before the selection moves.
 */
export const dashboardQueryKey = (part: 'stats' | 'onboarding', surveyId: string) =>
  ['dashboard', part, surveyId] as const;

/** Responses arrive while the owner looks elsewhere: coming back to the tab shows fresh numbers. */
export const liveOptions = { staleTime: 10_000, refetchOnWindowFocus: true } as const;

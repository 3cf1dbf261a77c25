/**
 * The query keys of resources whose reads are grouped under one prefix, one factory per resource: every reader
 * and every invalidation of such a resource names its key here. A route read on its own (the account summary,
 * the profile, payments) needs none: `routeQueryOptions` in `route-query.ts` keys it by route id and input.
 */

/** The signed-in user as the API sees them. */
export const meKeys = {
  me: () => ['me'] as const,
};

/** Surveys: under `all`, the list and each survey, so invalidating `all` refreshes every one. */
export const surveyKeys = {
  all: () => ['surveys'] as const,
  detail: (surveyId: string) => [...surveyKeys.all(), 'detail', surveyId] as const,
};

/**
 * The dashboard's per-survey reads sit outside `surveyKeys.all()` on purpose: invalidating the list after a
 * delete must not refetch the deleted survey's stats (a 404 and a false error toast) before the selection moves.
 */
export const dashboardKeys = {
  stats: (surveyId: string) => ['dashboard', 'stats', surveyId] as const,
  onboarding: (surveyId: string) => ['dashboard', 'onboarding', surveyId] as const,
  insights: (surveyId: string) => ['dashboard', 'insights', surveyId] as const,
};

/** Review requests of one survey: under `survey`, its batches and each batch's recipients (a send refreshes both). */
export const requestKeys = {
  survey: (surveyId: string) => ['review-requests', surveyId] as const,
  batches: (surveyId: string) => [...requestKeys.survey(surveyId), 'batches'] as const,
  allRecipients: (surveyId: string) => [...requestKeys.survey(surveyId), 'recipients'] as const,
  recipients: (surveyId: string, batchId: string) => [...requestKeys.allRecipients(surveyId), batchId] as const,
  funnel: (surveyId: string) => [...requestKeys.survey(surveyId), 'funnel'] as const,
};

/** A survey's inbound webhook of review requests (its settings; the token is never read back). */
export const requestHookKeys = {
  hook: (surveyId: string) => ['review-request-hook', surveyId] as const,
};

/** The feedback inbox of a survey: under `survey`, one list per filter (a state change updates them all). */
export const inboxKeys = {
  survey: (surveyId: string) => ['inbox', surveyId] as const,
  list: (surveyId: string, filter: Record<string, string | undefined>) =>
    [...inboxKeys.survey(surveyId), 'list', filter] as const,
};

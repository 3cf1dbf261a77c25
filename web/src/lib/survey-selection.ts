import { pages, surveySearchParam } from '@reviewroute/shared/domain';

// The parameter's name is the page table's (shared), which the mails' links use too.
export { surveySearchParam };

/**
 * Which survey the dashboard shows (spec 2 "Dashboard"): the one named in `?survey=` when the owner has it,
 * otherwise the newest published one (the list comes newest first), and only when none is published the
 * newest draft: an abandoned draft has nothing to show, so it never hides a live survey's results. A stale or
 * foreign id falls back the same way.
 */
export function selectSurvey<T extends { id: string; status: string }>(
  surveys: readonly T[],
  requestedId: string | null,
): T | undefined {
  return surveys.find((s) => s.id === requestedId) ?? surveys.find((s) => s.status === 'active') ?? surveys[0];
}

/** The dashboard URL that selects `surveyId` (English path; localise it with useLocalizedPath). */
export const dashboardPathFor = (surveyId: string) =>
  `${pages.dashboard}?${surveySearchParam}=${encodeURIComponent(surveyId)}`;

/**
 * A wizard step's address for a survey (English path; localise it with useLocalizedPath): the survey's id in
 * `?survey=` names the draft the wizard edits; without it the wizard is on the new survey.
 */
export const wizardPathFor = (englishPath: string, surveyId: string | null | undefined) =>
  surveyId ? `${englishPath}?${surveySearchParam}=${encodeURIComponent(surveyId)}` : englishPath;

/** The review-requests page for a survey (English path; localise it with useLocalizedPath); none: the default survey. */
export const reviewRequestsPathFor = (surveyId: string | null | undefined) =>
  surveyId ? `${pages.reviewRequests}?${surveySearchParam}=${encodeURIComponent(surveyId)}` : pages.reviewRequests;

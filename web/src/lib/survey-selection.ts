/**
 * Which survey the dashboard shows (spec 2 "Dashboard"): the one named in `?survey=` when the owner has it,
 * otherwise the newest (the list comes newest first). A stale or foreign id falls back to the newest.
 */
export const surveySearchParam = 'survey';

export function selectSurvey<T extends { id: string }>(
  surveys: readonly T[],
  requestedId: string | null,
): T | undefined {
  return surveys.find((s) => s.id === requestedId) ?? surveys[0];
}

/** The dashboard URL that selects `surveyId` (English path; localise it with useLocalizedPath). */
export const dashboardPathFor = (surveyId: string) => `/dashboard?${surveySearchParam}=${encodeURIComponent(surveyId)}`;

/**
 * A wizard step's address for a survey (English path; localise it with useLocalizedPath): the survey's id in
 * `?survey=` names the draft the wizard edits; without it the wizard is on the new survey.
 */
export const wizardPathFor = (englishPath: string, surveyId: string | null | undefined) =>
  surveyId ? `${englishPath}?${surveySearchParam}=${encodeURIComponent(surveyId)}` : englishPath;

import type { PublicSurvey } from '@reviewroute/shared';

// What a survey page written at publish (server/render.tsx) carries for the app that takes it over. Small and
// React-free: boot.ts reads it before the app has downloaded.

/** The element of a written page that carries its survey as JSON (data, so the CSP's script rule does not apply). */
export const surveyDataElementId = 'survey-data';

/** The root's marker on a page written with its content: the app hydrates it instead of rendering anew. */
export const prerenderedRootAttribute = 'data-prerendered';

/**
 * A promise React's `use` reads at once (it checks `status`): the server renders the survey it was given without
 * suspending, and a written page's app starts from the survey in its markup without waiting for the API.
 */
export function fulfilled<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled', value });
}

/** The survey a written page carries, when this page is one and it is the survey the path names. */
export function writtenSurvey(document: Document, surveyCode: string | undefined): PublicSurvey | undefined {
  const text = document.getElementById(surveyDataElementId)?.textContent;
  if (!text || !surveyCode) return undefined;
  try {
    const survey = JSON.parse(text) as PublicSurvey;
    return survey.surveyCode === surveyCode ? survey : undefined;
  } catch {
    return undefined;
  }
}

/** The survey as JSON inside `<script type="application/json">`: nothing in it can close the element. */
export const surveyDataJson = (survey: PublicSurvey): string =>
  JSON.stringify(survey)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

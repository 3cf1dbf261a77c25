import { fetchPublicSurvey } from './lib/api';
import { languageOfPath, parseSurveyPath } from './lib/path';
import { fulfilled, writtenSurvey } from './lib/written-page';

// The survey request, started by the page's first small script (boot.ts) before the React app is even
// downloaded; the app (main.tsx) renders from the same promise, so there is one request.
// Decisions 17: the link decides the page's language (a Dutch survey's link is /nl/surveys/…), never the
// visitor's browser or a language they chose in the owner app: a customer sees the survey as the owner made it.
const pathname = window.location.pathname;
const path = parseSurveyPath(pathname);

export const surveyLanguage = path?.language ?? languageOfPath(pathname);
/** The survey of a page written at publish, which carries it: no request then. */
export const surveyFromPage = writtenSurvey(document, path?.surveyCode);
export const surveyRequest = surveyFromPage
  ? fulfilled(surveyFromPage)
  : path
    ? fetchPublicSurvey(path.surveyCode)
    : Promise.resolve(null);

import { fetchPublicSurvey } from './lib/api';
import { languageOfPath, parseSurveyPath } from './lib/path';

// The survey request, started by the page's first small script (boot.ts) before the React app is even
// downloaded; the app (main.tsx) renders from the same promise, so there is one request.
// Decisions 17: the link decides the page's language (a Dutch survey's link is /nl/surveys/…), never the
// visitor's browser or a language they chose in the owner app: a customer sees the survey as the owner made it.
const pathname = window.location.pathname;
const path = parseSurveyPath(pathname);

export const surveyLanguage = path?.language ?? languageOfPath(pathname);
export const surveyRequest = path ? fetchPublicSurvey(path.surveyCode) : Promise.resolve(null);

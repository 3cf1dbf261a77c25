import { createRoot, hydrateRoot } from 'react-dom/client';
import { SurveyApp } from './app';
import { createTranslator } from './lib/i18n';
import { surveyFromPage, surveyLanguage as language, surveyRequest as survey } from './survey-request';
import { loadDraft } from './lib/draft';
import { keepEarlyAnswer } from './lib/early-answer';
import { pageChosenRating } from './lib/request-link';
import { prerenderedRootAttribute } from './lib/written-page';

// The public survey page's app, loaded by boot.ts: no Amplify, no router, no owner code, one namespace.
document.documentElement.lang = language;
const i18n = { language, t: createTranslator(language) };
const root = document.getElementById('root')!;
const app = <SurveyApp i18n={i18n} survey={survey} />;

// A page written at publish already shows the survey: the app takes that markup over. It was written as a first
// visit sees it, so a customer coming back to a saved draft, with a star chosen in a mail, or who already tapped a
// star or typed before the app arrived (a different first screen) gets the page rendered anew instead, from the
// same survey, with no loading state in between.
const written = root.hasAttribute(prerenderedRootAttribute) && surveyFromPage;
if (written && !keepEarlyAnswer(root, written.surveyCode) && !pageChosenRating() && !loadDraft(written.surveyCode)) {
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}

import './survey.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { fetchPublicSurvey } from './lib/api';
import { createTranslator, I18nContext } from './lib/i18n';
import { languageOfPath, parseSurveyPath } from './lib/path';
import { SurveyPage, SurveySkeleton } from './components/survey-page';

// The public survey page's own entry (survey.html): no Amplify, no router, no owner code, one namespace.
// The survey request starts before the first render, so it travels while React boots.
// Decisions 17: the link decides the page's language (a Dutch survey's link is /nl/surveys/…), never the
// visitor's browser or a language they chose in the owner app: a customer sees the survey as the owner made it.
const pathname = window.location.pathname;
const path = parseSurveyPath(pathname);
const language = path?.language ?? languageOfPath(pathname);
document.documentElement.lang = language;
const survey = path ? fetchPublicSurvey(path.surveyCode) : Promise.resolve(null);
const i18n = { language, t: createTranslator(language) };

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nContext value={i18n}>
      <Suspense fallback={<SurveySkeleton />}>
        <SurveyPage survey={survey} />
      </Suspense>
    </I18nContext>
  </StrictMode>,
);

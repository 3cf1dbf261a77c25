import './survey.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { fetchPublicSurvey } from './lib/api';
import { createTranslator, I18nContext } from './lib/i18n';
import { browserLanguageSignals, languageRedirect } from '@/lib/language';
import { languageOfPath, parseSurveyPath } from './lib/path';
import { SurveyPage, SurveySkeleton } from './components/survey-page';

// The public survey page's own entry (survey.html): no Amplify, no router, no owner code, one namespace.
// The survey request starts before the first render, so it travels while React boots.
// Decisions 16: a stored choice moves the page to its twin, a /nl link otherwise stays Dutch. The page is
// the same, so the address is replaced in place instead of reloading.
const target = languageRedirect(window.location.pathname, browserLanguageSignals());
if (target) window.history.replaceState(null, '', target + window.location.search + window.location.hash);
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

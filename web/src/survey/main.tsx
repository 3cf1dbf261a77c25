import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createTranslator, I18nContext } from './lib/i18n';
import { surveyLanguage as language, surveyRequest as survey } from './survey-request';
import { SurveyPage, SurveySkeleton } from './components/survey-page';

// The public survey page's app, loaded by boot.ts: no Amplify, no router, no owner code, one namespace.
document.documentElement.lang = language;
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

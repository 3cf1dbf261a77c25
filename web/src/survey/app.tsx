import type { PublicSurvey } from '@reviewroute/shared';
import { StrictMode, Suspense } from 'react';
import { type I18n, I18nContext } from './lib/i18n';
import { SurveyPage, SurveySkeleton } from './components/survey-page';

/**
 * The public survey page's whole tree: what the browser renders (or hydrates, main.tsx) and what the server writes
 * at publish (server/render.tsx), so the page's markup is described once.
 */
export function SurveyApp({ i18n, survey }: { i18n: I18n; survey: Promise<PublicSurvey | null> }) {
  return (
    <StrictMode>
      <I18nContext value={i18n}>
        <Suspense fallback={<SurveySkeleton />}>
          <SurveyPage survey={survey} />
        </Suspense>
      </I18nContext>
    </StrictMode>
  );
}

import type { PublicSurvey } from '@reviewroute/shared';
import { use, useEffect, useState } from 'react';
import { surveyPalette } from '@reviewroute/shared/domain';
import { useI18n } from '../lib/i18n';
import { SurveyForm, type Submitted } from './survey-form';
import { SurveyHeader } from './survey-header';
import { ThankYou } from './thank-you';
import { Toaster, useToasts } from './toaster';

/**
 * The public survey flow (spec 4): loading (the Suspense fallback), not found, form, submitted. The survey
 * request starts in main.tsx before React renders; this component only reads its result.
 */
export function SurveyPage({ survey: surveyRequest }: { survey: Promise<PublicSurvey | null> }) {
  const survey = use(surveyRequest);
  const { t } = useI18n();
  const { toasts, show, dismiss } = useToasts();
  const [submitted, setSubmitted] = useState<Submitted>();

  useEffect(() => {
    document.title = survey ? t('meta.title', { business: survey.businessName }) : t('meta.notFoundTitle');
  }, [survey, t]);

  if (!survey) return <SurveyNotFound />;
  const palette = surveyPalette(survey.customColors);
  return (
    <div
      className="min-h-dvh px-4 py-8 sm:py-12"
      style={{ background: palette.background, color: palette.foreground }}
      data-testid="survey-page"
    >
      <main className="mx-auto grid w-full max-w-md gap-8">
        <SurveyHeader businessName={survey.businessName} logoUrl={survey.businessLogoUrl} />
        {submitted ? (
          <ThankYou survey={survey} palette={palette} submitted={submitted} toast={show} />
        ) : (
          <SurveyForm survey={survey} palette={palette} toast={show} onSubmitted={setSubmitted} />
        )}
      </main>
      <Toaster toasts={toasts} dismiss={dismiss} />
    </div>
  );
}

export function SurveyNotFound() {
  const { t } = useI18n();
  return (
    <main className="grid min-h-dvh place-items-center bg-white px-4 text-neutral-900" data-testid="survey-not-found">
      <div className="grid max-w-md gap-3 text-center">
        <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
        <p className="text-neutral-700">{t('notFound.description')}</p>
        <p className="text-neutral-700">{t('notFound.contact')}</p>
      </div>
    </main>
  );
}

/** Grey blocks in the page's final layout, so nothing jumps when the survey arrives. */
export function SurveySkeleton() {
  const { t } = useI18n();
  const block = 'animate-pulse rounded-md bg-neutral-200';
  return (
    <main className="min-h-dvh bg-white px-4 py-8 sm:py-12" aria-busy="true">
      <p className="sr-only" role="status">
        {t('loading')}
      </p>
      <div className="mx-auto grid w-full max-w-md gap-8" aria-hidden="true">
        <div className="grid justify-items-center gap-3">
          <div className={`${block} h-16 w-32`} />
          <div className={`${block} h-8 w-56`} />
        </div>
        <div className={`${block} mx-auto h-6 w-40`} />
        <div className="grid justify-items-center gap-3">
          <div className={`${block} h-7 w-72`} />
          <div className={`${block} h-12 w-64`} />
        </div>
        <div className={`${block} h-32 w-full`} />
        <div className={`${block} h-12 w-full`} />
      </div>
    </main>
  );
}

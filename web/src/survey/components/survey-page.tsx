import type { PublicSurvey } from '@reviewroute/shared';
import { use, useEffect, useMemo, useState } from 'react';
import { languages, pagePath, surveyPalette } from '@reviewroute/shared/domain';
import { createTranslator, I18nContext, useI18n } from '../lib/i18n';
import { canonicalSurveyUrl } from '../lib/path';
import { recordLinkOpen } from '../lib/request-link';
import { SurveyForm, type Submitted } from './survey-form';
import { SurveyFooter } from './survey-footer';
import { SurveyHeader } from './survey-header';
import { ThankYou } from './thank-you';
import { Toaster, useToasts } from './toaster';

/**
 * The public survey flow (spec 4): loading (the Suspense fallback), not found, form, submitted. The survey
 * request starts in boot.ts (survey-request.ts) before React is even loaded; this component only reads its result.
 */
export function SurveyPage({ survey: surveyRequest }: { survey: Promise<PublicSurvey | null> }) {
  const survey = use(surveyRequest);
  const outer = useI18n();
  // Decisions 17: the page speaks the survey's language. The link's prefix only guessed it (for the skeleton
  // and Survey Not Found); a link under the other prefix is replaced by the survey's own, so Back still works.
  const language = survey && languages.includes(survey.language) ? survey.language : outer.language;
  const i18n = useMemo(
    () => (language === outer.language ? outer : { language, t: createTranslator(language) }),
    [language, outer],
  );
  useEffect(() => {
    document.documentElement.lang = language;
    const canonical = survey && canonicalSurveyUrl(window.location, { ...survey, language });
    if (canonical) window.history.replaceState(window.history.state, '', canonical);
  }, [survey, language]);
  return (
    <I18nContext value={i18n}>
      <SurveyScreen survey={survey} />
    </I18nContext>
  );
}

function SurveyScreen({ survey }: { survey: PublicSurvey | null }) {
  const { t } = useI18n();
  const { toasts, show, dismiss } = useToasts();
  const [submitted, setSubmitted] = useState<Submitted>();

  useEffect(() => {
    document.title = survey ? t('meta.title', { business: survey.businessName }) : t('meta.notFoundTitle');
  }, [survey, t]);

  // Opened from a review request's personal link: the request is marked opened (once per page load).
  useEffect(() => {
    if (survey) recordLinkOpen(survey.surveyCode);
  }, [survey]);

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
          <ThankYou survey={survey} palette={palette} submitted={submitted} />
        ) : (
          <SurveyForm survey={survey} palette={palette} toast={show} onSubmitted={setSubmitted} />
        )}
      </main>
      <SurveyFooter
        businessName={survey.businessName}
        disclosurePath={pagePath('surveyDisclosure', survey.language, {
          params: { surveyCode: survey.surveyCode, slug: survey.businessSlug },
        })}
      />
      <Toaster toasts={toasts} dismiss={dismiss} />
    </div>
  );
}

/**
 * A link that leads nowhere (spec 4's texts), in ReviewRoute's colours: there is no business to brand it with,
 * and the customer should still see a page that belongs to a real product, not a server error.
 */
export function SurveyNotFound() {
  const { t } = useI18n();
  return (
    <div className="flex min-h-dvh flex-col bg-teal-50 px-4 py-8 text-neutral-900" data-testid="survey-not-found">
      <main className="grid flex-1 place-items-center">
        <div className="grid w-full max-w-md justify-items-center gap-4 rounded-2xl border border-teal-100 bg-white p-8 text-center shadow-sm">
          <BrandMark />
          <h1 className="text-2xl font-bold text-balance">{t('notFound.title')}</h1>
          <p className="text-neutral-700">{t('notFound.description')}</p>
          <p className="text-sm text-neutral-700">{t('notFound.contact')}</p>
        </div>
      </main>
      <SurveyFooter />
    </div>
  );
}

/** ReviewRoute's mark (the favicon's star on teal), drawn inline: no request for a page that failed to load. */
function BrandMark() {
  return (
    <svg viewBox="0 0 32 32" className="size-14" aria-hidden="true" data-testid="brand-mark">
      <rect width="32" height="32" rx="8" fill="#0f766e" />
      <path d="M16 6l2.9 6.2 6.8.8-5 4.6 1.3 6.7L16 21l-6 3.3 1.3-6.7-5-4.6 6.8-.8z" fill="#fff" />
    </svg>
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

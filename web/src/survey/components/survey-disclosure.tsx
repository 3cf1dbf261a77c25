import type { PublicSurvey } from '@reviewroute/shared';
import type { ReactNode } from 'react';
import {
  formatDateTime,
  landingPath,
  maxRating,
  minRating,
  ratingBand,
  surveyPalette,
  websiteHideReasons,
} from '@reviewroute/shared/domain';
import { useI18n } from '../lib/i18n';
import { SurveyFooter } from './survey-footer';

export interface SurveyDisclosureProps {
  survey: PublicSurvey;
  /** When the settings this page describes last changed (ISO). */
  rulesSince: string;
}

/** The ratings whose thank-you screen offers the public review without the switch (decisions 6): the high band. */
const highRatings = Array.from({ length: maxRating - minRating + 1 }, (_, i) => minRating + i).filter(
  (rating) => ratingBand(rating) === 'high',
);

/**
 * The survey's disclosure page (decisions 27; the EU's rules on reviews): how its customers are invited, who is
 * offered the public review, how the widget's average is taken, what may be hidden and why, and that nobody is
 * rewarded. Written from the survey's settings as a static page whenever they change; it runs no script.
 * No schema.org review markup: a business's reviews of itself earn nothing there.
 */
export function SurveyDisclosure({ survey, rulesSince }: SurveyDisclosureProps) {
  const { t, language } = useI18n();
  const palette = surveyPalette(survey.customColors);
  const business = survey.businessName;
  const starsText =
    highRatings.length === 1
      ? t('disclosure.publicReview.stars', { count: highRatings[0]! })
      : `${highRatings.slice(0, -1).join(', ')} ${t('disclosure.publicReview.or')} ${t('disclosure.publicReview.stars', { count: highRatings.at(-1)! })}`;
  return (
    <div
      className="min-h-dvh px-4 py-8 sm:py-12"
      style={{ background: palette.background, color: palette.foreground }}
      data-testid="survey-disclosure"
    >
      <main className="mx-auto grid w-full max-w-xl gap-8">
        <header className="grid justify-items-center gap-3 text-center">
          {survey.businessLogoUrl && (
            <img
              src={survey.businessLogoUrl}
              alt={t('logoAlt', { business })}
              className="max-h-20 max-w-48 object-contain"
            />
          )}
          <h1 className="text-2xl font-bold text-balance">{t('disclosure.title', { business })}</h1>
          <p data-testid="disclosure-since">
            {t('disclosure.since', { date: formatDateTime(rulesSince, language, 'longDateTime') })}
          </p>
        </header>
        <p>{t('disclosure.intro', { business })}</p>
        <Section id="disclosure-invited" heading={t('disclosure.invited.heading')}>
          <p>{t('disclosure.invited.intro')}</p>
          <ul className="grid list-disc gap-1 ps-6">
            <li>{t('disclosure.invited.request', { business })}</li>
            <li>{t('disclosure.invited.booking', { business })}</li>
            <li>{t('disclosure.invited.publicLink')}</li>
          </ul>
          <p>{t('disclosure.invited.evidence')}</p>
        </Section>
        <Section id="disclosure-public-review" heading={t('disclosure.publicReview.heading')}>
          <p data-testid="disclosure-public-review">
            {survey.offerPublicReviewToEveryone
              ? t('disclosure.publicReview.everyone')
              : t('disclosure.publicReview.some', { stars: starsText })}
          </p>
        </Section>
        <Section id="disclosure-average" heading={t('disclosure.average.heading')}>
          <p>{t('disclosure.average.text')}</p>
        </Section>
        <Section id="disclosure-hidden" heading={t('disclosure.hidden.heading')}>
          <p>{t('disclosure.hidden.consent')}</p>
          <p>{t('disclosure.hidden.reasons', { business })}</p>
          <ul className="grid list-disc gap-1 ps-6">
            {websiteHideReasons.map((reason) => (
              <li key={reason}>{t(`disclosure.hidden.${reason}`, { business })}</li>
            ))}
          </ul>
          <p>{t('disclosure.hidden.stillCounted')}</p>
        </Section>
        <Section id="disclosure-rewards" heading={t('disclosure.rewards.heading')}>
          <p>{t('disclosure.rewards.text')}</p>
        </Section>
        <p className="text-center">
          <a
            href={landingPath(
              encodeURIComponent(survey.surveyCode),
              encodeURIComponent(survey.businessSlug),
              survey.language,
            )}
            className="inline-flex min-h-11 items-center font-medium underline underline-offset-2 hover:no-underline"
            style={{ outlineColor: palette.accent }}
          >
            {t('disclosure.back')}
          </a>
        </p>
      </main>
      <SurveyFooter businessName={business} />
    </div>
  );
}

/** One part of the page: its heading, and what it says. */
function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section className="grid gap-2" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold text-balance">
        {heading}
      </h2>
      {children}
    </section>
  );
}

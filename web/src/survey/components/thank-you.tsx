import type { PublicSurvey } from '@reviewroute/shared';
import type { SurveyPalette } from '@reviewroute/shared/domain';
import { useEffect, useRef, useState } from 'react';
import { recordReviewClick } from '../lib/api';
import { bandMessage, ratingBand, showsReviewPrompt } from '../lib/form-rules';
import { useI18n } from '../lib/i18n';
import { SurveyButton } from './survey-button';
import type { Submitted } from './survey-form';
import type { ToastInput } from './toaster';

interface ThankYouProps {
  survey: PublicSurvey;
  palette: SurveyPalette;
  submitted: Submitted;
  toast: (toast: ToastInput) => void;
}

const copiedMs = 2000;
const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

/**
 * The thank-you screen of the rating's band with the survey's message (spec 4). Rating 5 — every band when
 * the survey offers the public review to everyone (decisions 6) — adds the review prompt, the team photo,
 * the review button and a button that copies the comment for pasting into the review.
 */
export function ThankYou({ survey, palette, submitted, toast }: ThankYouProps) {
  const { t } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);
  const copiedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const band = ratingBand(submitted.rating);
  const review = showsReviewPrompt(survey, submitted.rating) && isWebUrl(survey.googleBusinessUrl);

  // Keyboard and screen-reader users land on the new screen, not on a button that no longer exists.
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => () => clearTimeout(copiedTimer.current), []);

  function openReview() {
    // Opened first, synchronously inside the click, or popup blockers stop it; the click is recorded with
    // a keepalive request that survives the switch to the new tab.
    window.open(survey.googleBusinessUrl, '_blank', 'noopener');
    recordReviewClick(survey.surveyCode, submitted.result.responseId, submitted.result.clickToken);
  }

  async function copyComment() {
    try {
      await navigator.clipboard.writeText(submitted.comment);
      setCopied(true);
      clearTimeout(copiedTimer.current);
      copiedTimer.current = setTimeout(() => setCopied(false), copiedMs);
    } catch {
      toast({ variant: 'error', title: t('toast.copyFailedTitle'), description: t('toast.copyFailedDescription') });
    }
  }

  return (
    <section className="grid gap-6 text-center" data-testid={`thank-you-${band}`} data-band={band}>
      <div className="grid gap-3">
        <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
          {t('thankYou.title')}
        </h2>
        <p className="text-lg text-balance" data-testid="band-message">
          {bandMessage(survey, submitted.rating)}
        </p>
      </div>

      {review && (
        <div className="grid gap-4" data-testid="review-prompt">
          <h3 className="sr-only">{t('thankYou.reviewHeading')}</h3>
          <p className="text-balance">{survey.googleReviewPrompt}</p>
          {survey.highRatingPhotoUrl && (
            <img
              src={survey.highRatingPhotoUrl}
              alt={t('thankYou.teamPhotoAlt', { business: survey.businessName })}
              className="mx-auto max-h-64 w-full rounded-lg object-cover"
              width={640}
              height={360}
              decoding="async"
            />
          )}
          <SurveyButton type="button" palette={palette} onClick={openReview}>
            {t('thankYou.reviewButton')} <span className="sr-only">{t('thankYou.newTab')}</span>
          </SurveyButton>
          {submitted.comment && (
            <div className="grid gap-2">
              <p className="text-sm">{t('thankYou.copyHint')}</p>
              <SurveyButton type="button" palette={palette} variant="outline" onClick={() => void copyComment()}>
                {t('thankYou.copyComment')}
              </SurveyButton>
              <p role="status" className="min-h-5 text-sm">
                {copied ? t('thankYou.copied') : ''}
              </p>
            </div>
          )}
        </div>
      )}
    </section>
  );
}

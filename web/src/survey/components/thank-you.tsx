import type { PublicSurvey } from '@reviewroute/shared';
import { contactFollowUpText, type SurveyPalette } from '@reviewroute/shared/domain';
import { useEffect, useRef, useState } from 'react';
import { recordReviewClick } from '../lib/api';
import { bandMessage, ratingBand, showsReviewPrompt } from '../lib/form-rules';
import { useI18n } from '../lib/i18n';
import { SurveyButton } from './survey-button';
import type { Submitted } from './survey-form';

interface ThankYouProps {
  survey: PublicSurvey;
  palette: SurveyPalette;
  submitted: Submitted;
}

const copiedMs = 2000;
const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

/**
 * The thank-you screen of the rating's band with the survey's message (spec 4). A low rating that left an
 * e-mail address adds the survey's follow-up text (the business may get in touch). Rating 5 — every band when
 * the survey offers the public review to everyone (decisions 6) — adds the review prompt, the team photo and
 * the review button; with a comment, copying it comes first, as step 1 above the button, so the customer sees
 * it before leaving for Google. Nothing here is a toast: the screen itself says thank you, and a toast at the
 * top would cover the business's logo.
 */
export function ThankYou({ survey, palette, submitted }: ThankYouProps) {
  const { t } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copiedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const band = ratingBand(submitted.rating);
  const review = showsReviewPrompt(survey, submitted.rating) && isWebUrl(survey.googleBusinessUrl);
  const followUp = band === 'low' && submitted.leftContact;

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
    clearTimeout(copiedTimer.current);
    try {
      await navigator.clipboard.writeText(submitted.comment);
      setCopy('copied');
      copiedTimer.current = setTimeout(() => setCopy('idle'), copiedMs);
    } catch {
      // Said in place, with the comment shown to select by hand: the customer is about to need it.
      setCopy('failed');
    }
  }

  const reviewButton = (
    <SurveyButton type="button" palette={palette} onClick={openReview}>
      {t('thankYou.reviewButton')} <span className="sr-only">{t('thankYou.newTab')}</span>
    </SurveyButton>
  );

  return (
    <section className="grid gap-6 text-center" data-testid={`thank-you-${band}`} data-band={band}>
      <div className="grid gap-3">
        <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
          {t('thankYou.title')}
        </h2>
        <p className="text-lg text-balance" data-testid="band-message">
          {bandMessage(survey, submitted.rating)}
        </p>
        {followUp && (
          <p className="text-balance" data-testid="contact-follow-up">
            {contactFollowUpText(survey)}
          </p>
        )}
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
          {submitted.comment ? (
            <ol className="grid gap-5" data-testid="review-steps">
              <li className="grid gap-2" data-testid="copy-step">
                <p className="text-sm font-medium">{t('thankYou.copyStep')}</p>
                <SurveyButton type="button" palette={palette} variant="outline" onClick={() => void copyComment()}>
                  {t('thankYou.copyComment')}
                </SurveyButton>
                <p role="status" className="min-h-5 text-sm">
                  {copy === 'copied' ? t('thankYou.copied') : copy === 'failed' ? t('thankYou.copyFailed') : ''}
                </p>
                {copy === 'failed' && (
                  <p
                    className="rounded-md border p-3 text-left whitespace-pre-line select-all"
                    data-testid="comment-text"
                  >
                    {submitted.comment}
                  </p>
                )}
              </li>
              <li className="grid gap-2" data-testid="google-step">
                <p className="text-sm font-medium">{t('thankYou.reviewStep')}</p>
                {reviewButton}
              </li>
            </ol>
          ) : (
            reviewButton
          )}
        </div>
      )}
    </section>
  );
}

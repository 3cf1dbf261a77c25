import { useId, useMemo, useState } from 'react';
import { surveyPalette } from '@reviewroute/shared';
import { useSurveyDraft } from '@/lib/survey-draft';
import { useLanguage } from '@/lib/use-language';
import { CommentField } from '@/survey/components/comment-field';
import { StarRating } from '@/survey/components/star-rating';
import { StepIndicator } from '@/survey/components/step-indicator';
import { SurveyButton } from '@/survey/components/survey-button';
import { SurveyFooter } from '@/survey/components/survey-footer';
import { SurveyHeader } from '@/survey/components/survey-header';
import { nextStep, type Step } from '@/survey/lib/form-rules';
import { createTranslator, I18nContext } from '@/survey/lib/i18n';

/**
 * The public survey page, live with the draft (every typed change is in it): built from the page's own
 * components, painted with its palette and worded by its own catalogue (in the wizard's language), so it shows
 * what customers will see, down to its footer. A half-typed colour shows the default until it is whole, as the
 * page would. Stars and comment work; nothing is sent.
 */
export function LandingPreview() {
  const { draft } = useSurveyDraft();
  const language = useLanguage();
  const i18n = useMemo(() => ({ language, t: createTranslator(language) }), [language]);
  const palette = surveyPalette(draft.customColors);
  const ratingName = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [step, setStep] = useState<Step>(1);
  const answer = (next: { rating: number | null; comment: string }) => {
    setRating(next.rating);
    setComment(next.comment);
    setStep((current) => nextStep(current, next.rating, next.comment));
  };

  return (
    <I18nContext value={i18n}>
      <div
        data-testid="landing-preview"
        className="grid gap-6 rounded-lg border p-6 shadow-sm"
        style={{ background: palette.background, color: palette.foreground }}
      >
        <SurveyHeader businessName={draft.businessName || '…'} logoUrl={draft.businessLogoUrl} headingLevel={3} />
        <StepIndicator step={step} primary={palette.primary} onPrimary={palette.onPrimary} />
        <StarRating
          name={ratingName}
          value={rating}
          onChange={(value) => answer({ rating: value, comment })}
          legend={draft.customPrompt || '…'}
          accent={palette.accent}
        />
        <CommentField
          value={comment}
          onChange={(value) => answer({ rating, comment: value })}
          accent={palette.accent}
        />
        <SurveyButton type="button" palette={palette} disabled={rating === null}>
          {i18n.t('submit')}
        </SurveyButton>
        {/* The real page's small print (whose survey, privacy, who runs it), so the preview ends as the page does. */}
        <SurveyFooter businessName={draft.businessName || undefined} />
      </div>
    </I18nContext>
  );
}

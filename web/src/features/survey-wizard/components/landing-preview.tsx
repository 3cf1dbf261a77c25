import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultSurveyColors } from '@reviewroute/shared';
import { readableTextOn, validColor } from './colors';
import { StarRating } from './star-rating';

interface LandingPreviewProps {
  businessName: string;
  customPrompt: string;
  logoUrl: string | null;
  primaryColor: string;
  backgroundColor: string;
}

/** The public survey page in miniature, live with the typed values: stars and comment box work. */
export function LandingPreview({
  businessName,
  customPrompt,
  logoUrl,
  primaryColor,
  backgroundColor,
}: LandingPreviewProps) {
  const { t } = useTranslation('wizard');
  const commentId = useId();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const primary = validColor(primaryColor, defaultSurveyColors.primaryColor);
  const background = validColor(backgroundColor, defaultSurveyColors.backgroundColor);
  const text = readableTextOn(background);
  const onPrimary = readableTextOn(primary);
  return (
    <div
      data-testid="landing-preview"
      className="grid gap-4 rounded-lg border p-6 shadow-sm"
      style={{ backgroundColor: background, color: text }}
    >
      <div className="flex flex-col items-center gap-3 text-center">
        {logoUrl && (
          <img
            src={logoUrl}
            alt={t('landing.logoAlt', { name: businessName || t('landing.businessName') })}
            className="max-h-16 max-w-40 object-contain"
          />
        )}
        <p className="text-xl font-semibold">{businessName || '…'}</p>
        <p>{customPrompt || '…'}</p>
      </div>
      <div className="flex justify-center">
        <StarRating
          value={rating}
          onChange={setRating}
          color={primary}
          legend={t('landing.previewRating')}
          legendColor={text}
        />
      </div>
      <div className="grid gap-2">
        <label htmlFor={commentId} className="text-sm font-medium">
          {t('landing.previewComment')}
        </label>
        <textarea
          id={commentId}
          value={comment}
          maxLength={500}
          onChange={(event) => setComment(event.target.value)}
          placeholder={t('landing.previewCommentPlaceholder')}
          rows={3}
          className="placeholder:text-current/70 w-full rounded-md border border-current/30 bg-transparent px-3 py-2 text-sm outline-none focus-visible:ring-2"
          style={{ color: text }}
        />
        <p className="text-right text-xs tabular-nums">{comment.length}/500</p>
      </div>
      <button
        type="button"
        disabled={rating === 0}
        className="rounded-md px-4 py-2 text-sm font-medium disabled:opacity-60"
        style={{ backgroundColor: primary, color: onPrimary }}
      >
        {t('landing.previewSubmit')}
      </button>
    </div>
  );
}

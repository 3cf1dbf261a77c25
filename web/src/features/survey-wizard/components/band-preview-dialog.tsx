import { Eye, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type RatingBand } from '@reviewroute/shared';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  DialogClose,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSurveyDraft } from '@/lib/survey-draft';
import { asksForContact, bandMessage, showsReviewPrompt } from '@/survey/lib/form-rules';

interface BandPreviewDialogProps {
  band: RatingBand;
  bandLabel: string;
}

const sampleRating: Record<RatingBand, number> = { low: 2, mid: 4, high: 5 };

/**
 * What a customer in one rating band sees after submitting (spec 4 "Rating bands", decisions 6), live from the
 * draft: the message, contact fields and review prompt appear by the public page's own rules.
 */
export function BandPreviewDialog({ band, bandLabel }: BandPreviewDialogProps) {
  const { t } = useTranslation('wizard');
  const { draft } = useSurveyDraft();
  const stars = sampleRating[band];
  const collectContact = asksForContact(draft, stars);
  const showReview = showsReviewPrompt(draft, stars);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" aria-label={t('routing.previewOf', { band: bandLabel })}>
          <Eye aria-hidden="true" />
          {t('routing.preview')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('routing.close')}>
        <DialogHeader>
          <DialogTitle>{t('routing.previewOf', { band: bandLabel })}</DialogTitle>
          <DialogDescription>{t('routing.previewDescription')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4 rounded-lg border p-4" data-testid={`band-preview-${band}`}>
          <p className="flex gap-0.5" aria-label={t('landing.starLabel', { count: stars })} role="img">
            {[1, 2, 3, 4, 5].map((n) => (
              <Star
                key={n}
                aria-hidden="true"
                className="size-5"
                style={n <= stars ? { color: '#f59e0b', fill: '#f59e0b' } : { color: '#9ca3af' }}
              />
            ))}
          </p>
          {collectContact && (
            <div className="grid gap-3">
              <div className="grid gap-1.5">
                <Label htmlFor={`preview-name-${band}`}>{t('routing.previewName')}</Label>
                <Input id={`preview-name-${band}`} disabled />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`preview-email-${band}`}>{t('routing.previewEmail')}</Label>
                <Input id={`preview-email-${band}`} type="email" disabled />
              </div>
            </div>
          )}
          <p className="text-lg font-semibold">{t('routing.previewThanks')}</p>
          <p className="whitespace-pre-line">{bandMessage(draft, stars)}</p>
          {collectContact && (
            <div className="grid gap-1" data-testid="preview-contact-follow-up">
              <p className="text-muted-foreground text-sm">{t('routing.previewContactFollowUp')}</p>
              <p className="whitespace-pre-line">{draft.contactFollowUpMessage}</p>
            </div>
          )}
          {showReview && (
            <div className="grid gap-3">
              {draft.highRatingPhotoUrl && (
                <img
                  src={draft.highRatingPhotoUrl}
                  alt={t('routing.teamPhotoAlt')}
                  className="max-h-40 rounded-md object-cover"
                />
              )}
              <p className="text-muted-foreground text-sm">{draft.googleReviewPrompt}</p>
              <Button type="button" className="w-fit" tabIndex={-1} aria-disabled="true">
                {t('routing.previewReviewButton')}
              </Button>
            </div>
          )}
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t('routing.close')}
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

import { Frown, Loader2, Meh, Smile } from 'lucide-react';
import { type ReactNode } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { type RatingBand, type ReviewRouting, type ReviewRoutingInput, reviewRoutingSchema } from '@reviewroute/shared';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { surveyDraftStore, useSurveyDraft, type SurveyDraft } from '@/lib/survey-draft';
import { invalidateSurveys, publishSurvey } from '@/lib/surveys-api';
import { useLocalizedPath } from '@/lib/use-language';
import { BandPreviewDialog } from '../components/band-preview-dialog';
import { fieldA11y, FormField } from '../components/form-field';
import { ImageUploadField } from '../components/image-upload-field';
import { StepActions } from '../components/step-actions';
import { useDraftForm } from '../hooks/use-draft-form';
import { useSurveyMessage } from '../hooks/use-survey-message';
import { applyServerFieldErrors, useWizardSave } from '../hooks/use-wizard-save';

type MessageField = 'lowRatingMessage' | 'midRatingMessage' | 'highRatingMessage';
const messageField: Record<RatingBand, MessageField> = {
  low: 'lowRatingMessage',
  mid: 'midRatingMessage',
  high: 'highRatingMessage',
};
const bandIcon: Record<RatingBand, ReactNode> = {
  low: <Frown aria-hidden="true" className="text-destructive size-5" />,
  mid: <Meh aria-hidden="true" className="size-5 text-amber-600" />,
  high: <Smile aria-hidden="true" className="size-5 text-green-700" />,
};

const routingDefaults = (draft: SurveyDraft): ReviewRoutingInput => ({
  lowRatingMessage: draft.lowRatingMessage,
  midRatingMessage: draft.midRatingMessage,
  highRatingMessage: draft.highRatingMessage,
  googleReviewPrompt: draft.googleReviewPrompt,
  collectContactOnLowRating: draft.collectContactOnLowRating,
  offerPublicReviewToEveryone: draft.offerPublicReviewToEveryone,
  lowRatingEnabled: draft.lowRatingEnabled,
  midRatingEnabled: draft.midRatingEnabled,
  highRatingEnabled: draft.highRatingEnabled,
});

const routingToDraft = (values: Partial<ReviewRoutingInput>) => values as Partial<SurveyDraft>;

/** Wizard step 3 (spec 2): the thank-you message per rating band, then publishing. */
export function RoutingStepPage() {
  const { revision } = useSurveyDraft();
  return <RoutingStepForm key={revision} />;
}

function RoutingStepForm() {
  const { t } = useTranslation('wizard');
  const message = useSurveyMessage();
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const queryClient = useQueryClient();
  const { save, ensureSurveyId } = useWizardSave();
  const { draft } = useSurveyDraft();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useDraftForm({ schema: reviewRoutingSchema, defaults: routingDefaults, toDraft: routingToDraft });

  const values = useWatch({ control });

  const submit = async (data: ReviewRouting) => {
    try {
      const saved = await save(data);
      const published = await publishSurvey(saved.id);
      await invalidateSurveys(queryClient, published);
      // Completion (spec 4): the draft is cleared; step 4 finds the survey by its id in the address.
      surveyDraftStore.clear();
      toast.success(t('toasts.createdTitle'), { description: t('toasts.createdDescription') });
      navigate(`${to('/distribution-instructions')}?survey=${encodeURIComponent(published.id)}`);
    } catch (error) {
      applyServerFieldErrors(error, Object.values(messageField), setError);
      toast.error(t('toasts.errorTitle'), { description: t('toasts.completeFailed') });
    }
  };

  const bandCard = (band: RatingBand, extra?: ReactNode) => {
    const field = messageField[band];
    const id = `${band}-message`;
    const error = message(errors[field]?.message);
    const showReview = band === 'high' || Boolean(values.offerPublicReviewToEveryone);
    return (
      <Card key={band} data-testid={`band-${band}`}>
        <CardHeader>
          <CardTitle>
            <h3 className="flex items-center gap-2 text-base">
              {bandIcon[band]}
              {t(`routing.${band}`)}
            </h3>
          </CardTitle>
          <CardDescription>{t(`routing.${band}Description`)}</CardDescription>
          <CardAction>
            <BandPreviewDialog
              band={band}
              bandLabel={t(`routing.${band}`)}
              message={values[field] ?? ''}
              collectContact={band === 'low' && Boolean(values.collectContactOnLowRating)}
              showReview={showReview}
              reviewPrompt={values.googleReviewPrompt ?? ''}
              teamPhotoUrl={draft.highRatingPhotoUrl}
            />
          </CardAction>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FormField id={id} label={t('routing.message')} required error={error}>
            <Textarea {...fieldA11y(id, { error, required: true })} rows={3} {...register(field)} />
          </FormField>
          {extra}
        </CardContent>
      </Card>
    );
  };

  const reviewPromptError = message(errors.googleReviewPrompt?.message);

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-6" aria-labelledby="routing-heading">
      <div className="grid gap-1">
        <h2 id="routing-heading" className="text-lg font-semibold">
          {t('routing.heading')}
        </h2>
        <p className="text-muted-foreground text-sm">{t('routing.description')}</p>
      </div>
      {bandCard(
        'low',
        <Controller
          control={control}
          name="collectContactOnLowRating"
          render={({ field }) => (
            <div className="flex items-start gap-3">
              <Switch
                id="collectContact"
                checked={Boolean(field.value)}
                onCheckedChange={field.onChange}
                aria-describedby="collectContact-help"
              />
              <div className="grid gap-1">
                <Label htmlFor="collectContact">{t('routing.collectContact')}</Label>
                <p id="collectContact-help" className="text-muted-foreground text-xs">
                  {t('routing.collectContactHelp')}
                </p>
              </div>
            </div>
          )}
        />,
      )}
      {bandCard('mid')}
      {bandCard(
        'high',
        <>
          <FormField id="googleReviewPrompt" label={t('routing.reviewPrompt')} required error={reviewPromptError}>
            <Textarea
              {...fieldA11y('googleReviewPrompt', { error: reviewPromptError, required: true })}
              rows={2}
              {...register('googleReviewPrompt')}
            />
          </FormField>
          <ImageUploadField
            kind="team-photo"
            label={t('routing.teamPhoto')}
            help={t('routing.teamPhotoHelp')}
            url={draft.highRatingPhotoUrl}
            previewAlt={t('routing.teamPhotoAlt')}
            emptyText={t('routing.teamPhotoNone')}
            ensureSurveyId={ensureSurveyId}
            onUploaded={(survey) => surveyDraftStore.update({ highRatingPhotoUrl: survey.highRatingPhotoUrl })}
            onRemove={async () => {
              const saved = await save({ highRatingPhotoUrl: null });
              surveyDraftStore.update({ highRatingPhotoUrl: saved.highRatingPhotoUrl });
            }}
          />
        </>,
      )}
      <Card>
        <CardContent>
          <Controller
            control={control}
            name="offerPublicReviewToEveryone"
            render={({ field }) => (
              <div className="flex items-start gap-3">
                <Switch
                  id="publicReview"
                  checked={Boolean(field.value)}
                  onCheckedChange={field.onChange}
                  aria-describedby="publicReview-help"
                />
                <div className="grid gap-1">
                  <Label htmlFor="publicReview">{t('routing.publicReview')}</Label>
                  <p id="publicReview-help" className="text-muted-foreground text-sm">
                    {t('routing.publicReviewPolicy')}
                  </p>
                </div>
              </div>
            )}
          />
        </CardContent>
      </Card>
      {isSubmitting && (
        <p className="sr-only" role="status">
          <Loader2 aria-hidden="true" />
          {t('actions.completing')}
        </p>
      )}
      <StepActions
        backTo="/landing-page-preview"
        busy={isSubmitting}
        submitLabel={t('actions.completeSetup')}
        busyLabel={t('actions.completing')}
      />
    </form>
  );
}

import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { type RatingBand, reviewRoutingSchema } from '@reviewroute/shared';
import { Card, CardContent } from '@/components/ui/card';
import { Textarea } from '@/components/ui/textarea';
import { surveyDraftStore } from '@/lib/survey-draft';
import { invalidateSurveys } from '@/features/surveys/api/invalidate-surveys';
import { publishSurvey } from '@/features/surveys/api/publish-survey';
import { BandCard } from '../components/band-card';
import { fieldA11y, FormField } from '../components/form-field';
import { ImageUploadField } from '../components/image-upload-field';
import { PlanLimitPrompt, planRefusalOf, type PlanRefusal } from '../components/plan-limit-prompt';
import { SectionHeading } from '../components/section-heading';
import { StepActions } from '../components/step-actions';
import { SwitchField } from '../components/switch-field';
import { useWizardStep } from '../hooks/use-wizard-step';

const messageField = {
  low: 'lowRatingMessage',
  mid: 'midRatingMessage',
  high: 'highRatingMessage',
} as const satisfies Record<RatingBand, string>;
const bands = Object.keys(messageField) as RatingBand[];

// The team photo is set by its upload (and removed by its button), never by this form.
const routingForm = reviewRoutingSchema.omit({ highRatingPhotoUrl: true });

/** Wizard step 3 (spec 2): the thank-you message per rating band, then publishing. */
export function RoutingStepPage() {
  const { t } = useTranslation('wizard');
  const { t: tErrors } = useTranslation('errors');
  const queryClient = useQueryClient();
  // The plan refused to publish one more survey (decisions 22): the survey is saved, the prompt shows the way on.
  const [refusal, setRefusal] = useState<PlanRefusal>();
  const { form, submit, errorOf, backPath } = useWizardStep('routing', routingForm, {
    complete: async (data, save) => {
      setRefusal(undefined);
      const saved = await save(data);
      let published;
      try {
        published = await publishSurvey(saved.id);
      } catch (error) {
        setRefusal(planRefusalOf(error));
        throw error;
      }
      await invalidateSurveys(queryClient, published);
      // Completion (spec 4): the draft is cleared; step 4 finds the survey by its id in the address.
      surveyDraftStore.clear();
      return `?survey=${encodeURIComponent(published.id)}`;
    },
    done: { title: t('toasts.createdTitle'), description: t('toasts.createdDescription') },
    failed: (error) => {
      const code = planRefusalOf(error);
      return code ? tErrors(`api.${code}`) : t('toasts.completeFailed');
    },
  });
  const reviewPromptError = errorOf('googleReviewPrompt');
  const followUpError = errorOf('contactFollowUpMessage');

  return (
    <form noValidate onSubmit={submit} className="grid gap-6" aria-labelledby="routing-heading">
      <SectionHeading id="routing-heading" title={t('routing.heading')} description={t('routing.description')} />
      {bands.map((band) => {
        const field = messageField[band];
        const id = `${band}-message`;
        const error = errorOf(field);
        return (
          <BandCard key={band} band={band}>
            <FormField id={id} label={t('routing.message')} required error={error}>
              <Textarea {...fieldA11y(id, { error, required: true })} rows={3} {...form.register(field)} />
            </FormField>
            {band === 'low' && (
              <>
                <SwitchField
                  control={form.control}
                  name="collectContactOnLowRating"
                  label={t('routing.collectContact')}
                  help={t('routing.collectContactHelp')}
                />
                {/* Always shown (not only with the switch on): a required text must never fail out of sight. */}
                <FormField
                  id="contactFollowUpMessage"
                  label={t('routing.contactFollowUp')}
                  help={t('routing.contactFollowUpHelp')}
                  required
                  error={followUpError}
                >
                  <Textarea
                    {...fieldA11y('contactFollowUpMessage', { error: followUpError, help: true, required: true })}
                    rows={2}
                    {...form.register('contactFollowUpMessage')}
                  />
                </FormField>
                {/* After the contact pair, which belongs together: the owner's own alert is a separate choice. */}
                <SwitchField
                  control={form.control}
                  name="lowRatingAlerts"
                  label={t('routing.lowRatingAlerts')}
                  help={t('routing.lowRatingAlertsHelp')}
                />
              </>
            )}
            {band === 'high' && (
              <>
                <FormField id="googleReviewPrompt" label={t('routing.reviewPrompt')} required error={reviewPromptError}>
                  <Textarea
                    {...fieldA11y('googleReviewPrompt', { error: reviewPromptError, required: true })}
                    rows={2}
                    {...form.register('googleReviewPrompt')}
                  />
                </FormField>
                <ImageUploadField
                  kind="team-photo"
                  label={t('routing.teamPhoto')}
                  help={t('routing.teamPhotoHelp')}
                  previewAlt={t('routing.teamPhotoAlt')}
                  emptyText={t('routing.teamPhotoNone')}
                />
              </>
            )}
          </BandCard>
        );
      })}
      <Card>
        <CardContent>
          <SwitchField
            control={form.control}
            name="offerPublicReviewToEveryone"
            label={t('routing.publicReview')}
            help={t('routing.publicReviewPolicy')}
          />
        </CardContent>
      </Card>
      {form.formState.isSubmitting && (
        <p className="sr-only" role="status">
          <Loader2 aria-hidden="true" />
          {t('actions.completing')}
        </p>
      )}
      {refusal && <PlanLimitPrompt refusal={refusal} />}
      <StepActions
        backTo={backPath}
        busy={form.formState.isSubmitting}
        submitLabel={t('actions.completeSetup')}
        busyLabel={t('actions.completing')}
      />
    </form>
  );
}

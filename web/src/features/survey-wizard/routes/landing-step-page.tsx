import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import {
  type LandingCustomization,
  type LandingCustomizationInput,
  landingCustomizationSchema,
} from '@reviewroute/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { surveyDraftStore, useSurveyDraft, type SurveyDraft } from '@/lib/survey-draft';
import { useLocalizedPath } from '@/lib/use-language';
import { ColorField } from '../components/color-field';
import { fieldA11y, FormField } from '../components/form-field';
import { ImageUploadField } from '../components/image-upload-field';
import { LandingPreview } from '../components/landing-preview';
import { StepActions } from '../components/step-actions';
import { useSurveyMessage } from '../hooks/use-survey-message';
import { applyServerFieldErrors, useWizardSave } from '../hooks/use-wizard-save';
import { useDraftForm } from '../hooks/use-draft-form';

const landingDefaults = (draft: SurveyDraft): LandingCustomizationInput => ({
  businessName: draft.businessName,
  customPrompt: draft.customPrompt,
  customColors: { ...draft.customColors },
});

const landingToDraft = (values: Partial<LandingCustomizationInput>): Partial<SurveyDraft> => ({
  businessName: values.businessName ?? '',
  customPrompt: values.customPrompt ?? '',
  customColors: {
    primaryColor: values.customColors?.primaryColor ?? '',
    backgroundColor: values.customColors?.backgroundColor ?? '',
  },
});

/** Wizard step 2 (spec 2): logo, name, question and colours, with a live preview of the public page. */
export function LandingStepPage() {
  const { revision } = useSurveyDraft();
  return <LandingStepForm key={revision} />;
}

function LandingStepForm() {
  const { t } = useTranslation('wizard');
  const message = useSurveyMessage();
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const { save, ensureSurveyId } = useWizardSave();
  const { draft } = useSurveyDraft();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useDraftForm({ schema: landingCustomizationSchema, defaults: landingDefaults, toDraft: landingToDraft });

  const values = useWatch({ control });

  const submit = async (data: LandingCustomization) => {
    try {
      await save({ businessName: data.businessName, customPrompt: data.customPrompt, customColors: data.customColors });
      surveyDraftStore.update({ ...data });
      toast.success(t('toasts.savedTitle'), { description: t('toasts.landingSaved') });
      navigate(to('/review-routing-setup'));
    } catch (error) {
      applyServerFieldErrors(error, ['businessName', 'customPrompt'], setError);
      toast.error(t('toasts.errorTitle'), { description: t('toasts.landingFailed') });
    }
  };

  const businessNameError = message(errors.businessName?.message);
  const promptError = message(errors.customPrompt?.message);

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-6" aria-labelledby="landing-heading">
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2 id="landing-heading" className="text-lg">
                {t('landing.heading')}
              </h2>
            </CardTitle>
            <CardDescription>{t('landing.description')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <ImageUploadField
              kind="logo"
              label={t('landing.logo')}
              help={t('landing.logoHelp')}
              url={draft.businessLogoUrl}
              previewAlt={t('landing.logoPreviewAlt')}
              emptyText={t('landing.logoNone')}
              ensureSurveyId={ensureSurveyId}
              onUploaded={(survey) => surveyDraftStore.update({ businessLogoUrl: survey.businessLogoUrl })}
              onRemove={async () => {
                const saved = await save({ businessLogoUrl: null });
                surveyDraftStore.update({ businessLogoUrl: saved.businessLogoUrl });
              }}
            />
            <FormField id="landingBusinessName" label={t('landing.businessName')} required error={businessNameError}>
              <Input
                {...fieldA11y('landingBusinessName', { error: businessNameError, required: true })}
                autoComplete="organization"
                {...register('businessName')}
              />
            </FormField>
            <FormField id="customPrompt" label={t('landing.customPrompt')} required error={promptError}>
              <Textarea
                {...fieldA11y('customPrompt', { error: promptError, required: true })}
                rows={2}
                {...register('customPrompt')}
              />
            </FormField>
            <fieldset className="grid gap-3">
              <legend className="mb-2 text-sm font-medium">{t('landing.colors')}</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                <ColorField
                  control={control}
                  name="customColors.primaryColor"
                  id="primaryColor"
                  label={t('landing.primaryColor')}
                />
                <ColorField
                  control={control}
                  name="customColors.backgroundColor"
                  id="backgroundColor"
                  label={t('landing.backgroundColor')}
                />
              </div>
            </fieldset>
            <p className="text-muted-foreground text-sm">{t('landing.teamPhotoHint')}</p>
          </CardContent>
        </Card>
        <section aria-labelledby="landing-preview-heading" className="grid content-start gap-3">
          <div>
            <h2 id="landing-preview-heading" className="text-lg font-semibold">
              {t('landing.preview')}
            </h2>
            <p className="text-muted-foreground text-sm">{t('landing.previewDescription')}</p>
          </div>
          <LandingPreview
            businessName={values.businessName ?? ''}
            customPrompt={values.customPrompt ?? ''}
            logoUrl={draft.businessLogoUrl}
            primaryColor={values.customColors?.primaryColor ?? ''}
            backgroundColor={values.customColors?.backgroundColor ?? ''}
          />
        </section>
      </div>
      <StepActions
        backTo="/survey-setup"
        busy={isSubmitting}
        submitLabel={t('actions.next')}
        busyLabel={t('actions.saving')}
      />
    </form>
  );
}

import { useTranslation } from 'react-i18next';
import { landingCustomizationSchema } from '@reviewroute/shared';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ColorField } from '../components/color-field';
import { fieldA11y, FormField } from '../components/form-field';
import { ImageUploadField } from '../components/image-upload-field';
import { LandingPreview } from '../components/landing-preview';
import { SectionCard } from '../components/section-card';
import { SectionHeading } from '../components/section-heading';
import { StepActions } from '../components/step-actions';
import { useWizardStep } from '../hooks/use-wizard-step';

// The logo is set by its upload (and removed by its button), never by this form.
const landingForm = landingCustomizationSchema.omit({ businessLogoUrl: true });

/** Wizard step 2 (spec 2): logo, name, question and colours, with a live preview of the public page. */
export function LandingStepPage() {
  const { t } = useTranslation('wizard');
  const { form, submit, errorOf, backPath } = useWizardStep('landing', landingForm, {
    done: { title: t('toasts.savedTitle'), description: t('toasts.landingSaved') },
    failed: t('toasts.landingFailed'),
  });
  const businessNameError = errorOf('businessName');
  const promptError = errorOf('customPrompt');

  return (
    <form noValidate onSubmit={submit} className="grid gap-6" aria-labelledby="landing-heading">
      <div className="grid gap-6 lg:grid-cols-2">
        <SectionCard
          title={t('landing.heading')}
          titleId="landing-heading"
          description={t('landing.description')}
          contentClassName="grid gap-5"
        >
          <ImageUploadField
            kind="logo"
            label={t('landing.logo')}
            help={t('landing.logoHelp')}
            previewAlt={t('landing.logoPreviewAlt')}
            emptyText={t('landing.logoNone')}
          />
          <FormField id="landingBusinessName" label={t('landing.businessName')} required error={businessNameError}>
            <Input
              {...fieldA11y('landingBusinessName', { error: businessNameError, required: true })}
              autoComplete="organization"
              {...form.register('businessName')}
            />
          </FormField>
          <FormField id="customPrompt" label={t('landing.customPrompt')} required error={promptError}>
            <Textarea
              {...fieldA11y('customPrompt', { error: promptError, required: true })}
              rows={2}
              {...form.register('customPrompt')}
            />
          </FormField>
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-medium">{t('landing.colors')}</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <ColorField
                control={form.control}
                name="customColors.primaryColor"
                id="primaryColor"
                label={t('landing.primaryColor')}
              />
              <ColorField
                control={form.control}
                name="customColors.backgroundColor"
                id="backgroundColor"
                label={t('landing.backgroundColor')}
              />
            </div>
          </fieldset>
          <p className="text-muted-foreground text-sm">{t('landing.teamPhotoHint')}</p>
        </SectionCard>
        <section aria-labelledby="landing-preview-heading" className="grid content-start gap-3">
          <SectionHeading
            id="landing-preview-heading"
            title={t('landing.preview')}
            description={t('landing.previewDescription')}
          />
          <LandingPreview />
        </section>
      </div>
      <StepActions
        backTo={backPath}
        busy={form.formState.isSubmitting}
        submitLabel={t('actions.next')}
        busyLabel={t('actions.saving')}
      />
    </form>
  );
}

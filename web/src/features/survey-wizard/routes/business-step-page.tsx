import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type BusinessInformationInput,
  businessInformationSchema,
  languages,
  type PlaceSearchResult,
} from '@reviewroute/shared';
import { Input } from '@/components/ui/input';
import { surveyDraftStore } from '@/lib/survey-draft';
import { BusinessFinder } from '../components/business-finder';
import { fieldA11y, FormField } from '../components/form-field';
import { SectionCard } from '../components/section-card';
import { StepActions } from '../components/step-actions';
import { defaultTextsIn } from '../hooks/use-localized-defaults';
import { useWizardStep } from '../hooks/use-wizard-step';

type FieldName = keyof BusinessInformationInput;

/** Wizard step 1 (spec 2): the business information, saved as the draft survey. */
export function BusinessStepPage() {
  const { t } = useTranslation('wizard');
  const { form, submit, errorOf } = useWizardStep('business', businessInformationSchema, {
    done: { title: t('toasts.savedTitle'), description: t('toasts.businessSaved') },
    failed: t('toasts.businessFailed'),
    // The texts still at a default follow a language the owner changed here (see useLocalizedDefaults): saved
    // with it, so the stored survey matches its language even if the owner goes straight on to publish. Without
    // such a change the later steps' texts are theirs to save: step 1 writes nothing the owner did not touch.
    complete: async (values, save) => {
      const { draft } = surveyDraftStore.getSnapshot();
      const changed = draft.unsaved.includes('language') ? values.language : undefined;
      await save({ ...values, ...(changed ? defaultTextsIn(draft, changed) : {}) });
    },
    // Live checks are done per field below (they clear on empty), full checks on submit.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });

  /** Spec 5: the check runs on every change and clears when the field is empty or valid. */
  const live = (name: FieldName) =>
    form.register(name, {
      onChange: (event: { target: { value: string } }) => {
        if (event.target.value.trim() === '') form.clearErrors(name);
        else void form.trigger(name);
      },
    });

  /** A place chosen in the finder fills its fields, which then validate as if typed (industry only when Google names a type). */
  const fill = (place: PlaceSearchResult) => {
    const filled: FieldName[] = ['businessName', 'googleBusinessUrl'];
    const options = { shouldDirty: true, shouldTouch: true } as const;
    form.setValue('businessName', place.name, options);
    form.setValue('googleBusinessUrl', place.google_review_url, options);
    if (place.primary_type_label) {
      form.setValue('industry', place.primary_type_label, options);
      filled.push('industry');
    }
    void form.trigger(filled);
  };

  // The help on finding the link opens by itself when the link is refused (decisions 19).
  const googleUrlError = errorOf('googleBusinessUrl');
  const [findHelpOpen, setFindHelpOpen] = useState(false);
  const [shownUrlError, setShownUrlError] = useState(googleUrlError);
  if (googleUrlError !== shownUrlError) {
    // Adjusted while rendering (not in an effect): a new refusal opens the help; the owner may close it.
    setShownUrlError(googleUrlError);
    if (googleUrlError) setFindHelpOpen(true);
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-6" aria-labelledby="business-heading">
      <SectionCard
        title={t('business.heading')}
        titleId="business-heading"
        description={t('business.description')}
        contentClassName="grid gap-5"
      >
        <BusinessFinder onSelect={fill} />
        <p className="text-muted-foreground text-sm">{t('requiredHint')}</p>
        <div className="grid gap-5 md:grid-cols-2">
          <FormField id="businessName" label={t('business.businessName')} required error={errorOf('businessName')}>
            <Input
              {...fieldA11y('businessName', { error: errorOf('businessName'), required: true })}
              autoComplete="organization"
              placeholder={t('business.businessNamePlaceholder')}
              {...live('businessName')}
            />
          </FormField>
          <FormField
            id="businessOwnerName"
            label={t('business.ownerName')}
            required
            error={errorOf('businessOwnerName')}
          >
            <Input
              {...fieldA11y('businessOwnerName', { error: errorOf('businessOwnerName'), required: true })}
              autoComplete="name"
              placeholder={t('business.ownerNamePlaceholder')}
              {...live('businessOwnerName')}
            />
          </FormField>
        </div>
        <FormField
          id="googleBusinessUrl"
          label={t('business.googleUrl')}
          required
          help={t('business.googleUrlHelp')}
          error={googleUrlError}
        >
          <Input
            {...fieldA11y('googleBusinessUrl', { error: googleUrlError, help: true, required: true })}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder={t('business.googleUrlPlaceholder')}
            {...live('googleBusinessUrl')}
          />
        </FormField>
        <details
          id="googleBusinessUrl-find"
          className="-mt-3 text-sm"
          open={findHelpOpen}
          onToggle={(event) => setFindHelpOpen(event.currentTarget.open)}
        >
          <summary className="text-primary w-fit cursor-pointer font-medium underline-offset-4 hover:underline">
            {t('business.googleUrlFind')}
          </summary>
          <p className="text-muted-foreground mt-2">{t('business.googleUrlFindSteps')}</p>
        </details>
        <div className="grid gap-5 md:grid-cols-2">
          <FormField id="supportEmail" label={t('business.supportEmail')} required error={errorOf('supportEmail')}>
            <Input
              {...fieldA11y('supportEmail', { error: errorOf('supportEmail'), required: true })}
              type="email"
              autoComplete="email"
              placeholder={t('business.supportEmailPlaceholder')}
              {...live('supportEmail')}
            />
          </FormField>
          <FormField
            id="industry"
            label={t('business.industry')}
            labelSuffix={t('business.industryOptional')}
            error={errorOf('industry')}
          >
            <Input
              {...fieldA11y('industry', { error: errorOf('industry') })}
              placeholder={t('business.industryPlaceholder')}
              {...live('industry')}
            />
          </FormField>
        </div>
        <fieldset className="grid gap-2" aria-describedby="language-help">
          <legend className="mb-2 text-sm font-medium">{t('business.language')}</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {languages.map((language) => (
              <label key={language} className="flex items-center gap-2 text-sm">
                <input type="radio" value={language} className="accent-primary size-4" {...form.register('language')} />
                {t(`business.languageNames.${language}`)}
              </label>
            ))}
          </div>
          <p id="language-help" className="text-muted-foreground text-xs">
            {t('business.languageHelp')}
          </p>
        </fieldset>
      </SectionCard>
      <StepActions busy={form.formState.isSubmitting} submitLabel={t('actions.next')} busyLabel={t('actions.saving')} />
    </form>
  );
}

import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type BusinessInformationInput, businessInformationSchema } from '@reviewroute/shared';
import { Input } from '@/components/ui/input';
import { fieldA11y, FormField } from '../components/form-field';
import { SectionCard } from '../components/section-card';
import { StepActions } from '../components/step-actions';
import { useWizardStep } from '../hooks/use-wizard-step';

type FieldName = keyof BusinessInformationInput;

/** Wizard step 1 (spec 2): the business information, saved as the draft survey. */
export function BusinessStepPage() {
  const { t } = useTranslation('wizard');
  const { form, submit, errorOf } = useWizardStep('business', businessInformationSchema, {
    done: { title: t('toasts.savedTitle'), description: t('toasts.businessSaved') },
    failed: t('toasts.businessFailed'),
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

  return (
    <form noValidate onSubmit={submit} className="grid gap-6" aria-labelledby="business-heading">
      <SectionCard
        title={t('business.heading')}
        titleId="business-heading"
        description={t('business.description')}
        contentClassName="grid gap-5"
      >
        {/* Slot of the business finder (Google Places search, a later issue); manual entry below works alone. */}
        <section
          data-slot="business-finder"
          aria-labelledby="business-finder-title"
          className="bg-muted/40 flex gap-3 rounded-md border border-dashed p-4"
        >
          <Search aria-hidden="true" className="text-muted-foreground mt-0.5 size-5 shrink-0" />
          <div className="grid gap-1">
            <h3 id="business-finder-title" className="text-sm font-medium">
              {t('business.finderTitle')}
            </h3>
            <p className="text-muted-foreground text-sm">{t('business.finderDescription')}</p>
          </div>
        </section>
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
          error={errorOf('googleBusinessUrl')}
        >
          <Input
            {...fieldA11y('googleBusinessUrl', { error: errorOf('googleBusinessUrl'), help: true, required: true })}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder={t('business.googleUrlPlaceholder')}
            {...live('googleBusinessUrl')}
          />
        </FormField>
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
      </SectionCard>
      <StepActions busy={form.formState.isSubmitting} submitLabel={t('actions.next')} busyLabel={t('actions.saving')} />
    </form>
  );
}

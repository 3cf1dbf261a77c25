import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import {
  type BusinessInformation,
  type BusinessInformationInput,
  businessInformationSchema,
} from '@reviewroute/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { surveyDraftStore, useSurveyDraft, type SurveyDraft } from '@/lib/survey-draft';
import { useLocalizedPath } from '@/lib/use-language';
import { fieldA11y, FormField } from '../components/form-field';
import { StepActions } from '../components/step-actions';
import { useDraftForm } from '../hooks/use-draft-form';
import { useSurveyMessage } from '../hooks/use-survey-message';
import { applyServerFieldErrors, useWizardSave } from '../hooks/use-wizard-save';

type FieldName = keyof BusinessInformationInput;
const fieldNames: readonly FieldName[] = [
  'businessName',
  'businessOwnerName',
  'googleBusinessUrl',
  'supportEmail',
  'industry',
];

const businessDefaults = (draft: SurveyDraft): BusinessInformationInput => ({
  businessName: draft.businessName,
  businessOwnerName: draft.businessOwnerName,
  googleBusinessUrl: draft.googleBusinessUrl,
  supportEmail: draft.supportEmail,
  industry: draft.industry,
});

// Every change goes to the stored draft (spec 4), as typed.
const businessToDraft = (values: Partial<BusinessInformationInput>) => values as Partial<SurveyDraft>;

/** Wizard step 1 (spec 2): the business information, saved as the draft survey. */
export function BusinessStepPage() {
  const { revision } = useSurveyDraft();
  // A replaced draft (Edit Survey, start over) re-mounts the form with its values.
  return <BusinessStepForm key={revision} />;
}

function BusinessStepForm() {
  const { t } = useTranslation('wizard');
  const message = useSurveyMessage();
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const { save } = useWizardSave();
  const {
    register,
    handleSubmit,
    trigger,
    clearErrors,
    setError,
    formState: { errors, isSubmitting },
  } = useDraftForm({
    schema: businessInformationSchema,
    defaults: businessDefaults,
    toDraft: businessToDraft,
    // Live checks are done per field below (they clear on empty), full checks on submit.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });

  /** Spec 5: the check runs on every change and clears when the field is empty or valid. */
  const live = (name: FieldName) =>
    register(name, {
      onChange: (event: { target: { value: string } }) => {
        if (event.target.value.trim() === '') clearErrors(name);
        else void trigger(name);
      },
    });

  const submit = async (values: BusinessInformation) => {
    try {
      await save(values);
      surveyDraftStore.update({ ...values, industry: values.industry ?? '' });
      toast.success(t('toasts.savedTitle'), { description: t('toasts.businessSaved') });
      navigate(to('/landing-page-preview'));
    } catch (error) {
      applyServerFieldErrors(error, fieldNames, setError);
      toast.error(t('toasts.errorTitle'), { description: t('toasts.businessFailed') });
    }
  };

  const errorOf = (name: FieldName) => message(errors[name]?.message);

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-6" aria-labelledby="business-heading">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 id="business-heading" className="text-lg">
              {t('business.heading')}
            </h2>
          </CardTitle>
          <CardDescription>{t('business.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
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
        </CardContent>
      </Card>
      <StepActions busy={isSubmitting} submitLabel={t('actions.next')} busyLabel={t('actions.saving')} />
    </form>
  );
}

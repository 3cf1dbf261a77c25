import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  businessInformationSchema,
  landingCustomizationSchema,
  reviewRoutingSchema,
  type SurveySetupStep,
} from '@reviewroute/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { type SurveyDraftField, surveyDraftStore, useSurveyDraftValue } from '@/lib/survey-draft';
import { wizardPathFor } from '@/lib/survey-selection';
import { useLocalizedPath } from '@/lib/use-language';
import { setupStepPaths } from '@/features/surveys/lib/setup-paths';

/** Each field an offer can hold, by its label in the wizard (the images are never offered: uploads set them). */
const fieldLabels = {
  businessName: 'business.businessName',
  businessOwnerName: 'business.ownerName',
  googleBusinessUrl: 'business.googleUrl',
  supportEmail: 'business.supportEmail',
  industry: 'business.industry',
  language: 'business.language',
  customPrompt: 'landing.customPrompt',
  customColors: 'landing.colors',
  lowRatingMessage: 'conflict.fields.lowRatingMessage',
  midRatingMessage: 'conflict.fields.midRatingMessage',
  highRatingMessage: 'conflict.fields.highRatingMessage',
  contactFollowUpMessage: 'routing.contactFollowUp',
  googleReviewPrompt: 'routing.reviewPrompt',
  collectContactOnLowRating: 'routing.collectContact',
  offerPublicReviewToEveryone: 'routing.publicReview',
  lowRatingAlerts: 'routing.lowRatingAlerts',
  lowRatingEnabled: 'routing.low',
  midRatingEnabled: 'routing.mid',
  highRatingEnabled: 'routing.high',
} as const satisfies Record<Exclude<SurveyDraftField, 'businessLogoUrl' | 'highRatingPhotoUrl'>, string>;

/** The step whose form edits a field (the business name is on the first two: the first). */
const stepSchemas: [SurveySetupStep, { shape: object }][] = [
  ['business', businessInformationSchema],
  ['landing', landingCustomizationSchema],
  ['routing', reviewRoutingSchema],
];
const stepOf = (field: string): SurveySetupStep =>
  stepSchemas.find(([, schema]) => field in schema.shape)?.[0] ?? 'business';

const shown = (text: string) => (text.length > 120 ? `${text.slice(0, 119)}…` : text);

/**
 * One truth for a draft: the survey was saved elsewhere (another tab or device) after this browser's draft
 * started, so the wizard shows the saved values. The owner's unsaved changes from here are listed with their
 * values and applied only when the owner says so, or discarded.
 */
export function DraftConflictNotice() {
  const { t } = useTranslation('wizard');
  const to = useLocalizedPath();
  const offered = useSurveyDraftValue((draft) => draft.offered);
  const surveyId = useSurveyDraftValue((draft) => draft.surveyId);
  if (!offered) return null;

  const valueOf = (field: keyof typeof fieldLabels): string => {
    const value = offered[field];
    if (typeof value === 'boolean') return t(value ? 'conflict.on' : 'conflict.off');
    if (field === 'language' && (value === 'en' || value === 'nl')) return t(`business.languageNames.${value}`);
    if (value && typeof value === 'object') return `${value.primaryColor}, ${value.backgroundColor}`;
    return value ? `“${shown(String(value))}”` : t('conflict.empty');
  };
  const fields = (Object.keys(fieldLabels) as (keyof typeof fieldLabels)[]).filter((field) => field in offered);

  return (
    <Alert data-testid="draft-conflict">
      <History aria-hidden="true" />
      <AlertTitle>
        <h2>{t('conflict.title')}</h2>
      </AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>{t('conflict.description')}</p>
        <div className="grid gap-1">
          <h3 className="text-foreground font-medium">{t('conflict.changes')}</h3>
          <ul className="grid gap-1" data-testid="draft-conflict-changes">
            {fields.map((field) => (
              <li key={field} className="break-words">
                <span className="text-foreground">{t(fieldLabels[field])}</span>: {valueOf(field)} (
                {/* Applied changes are saved by their own step: the link leads there. */}
                <Link
                  className="text-foreground underline underline-offset-2"
                  to={to(wizardPathFor(setupStepPaths[stepOf(field)], surveyId))}
                >
                  {t(`steps.${stepOf(field)}`)}
                </Link>
                )
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" onClick={() => surveyDraftStore.applyOffered()}>
            {t('conflict.apply')}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => surveyDraftStore.discardOffered()}>
            {t('conflict.discard')}
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

import { RotateCcw } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { delocalize } from '@/lib/language';
import { surveyDraftStore, useSurveyDraftRevision } from '@/lib/survey-draft';
import { useLocalizedPath } from '@/lib/use-language';
import { StepIndicator } from '../components/step-indicator';
import { useLocalizedDefaults } from '../hooks/use-localized-defaults';
import { firstWizardStep, stepAtPath } from '../steps';

/** The frame of the four wizard pages: title, start-over, step indicators with progress, the step itself. */
export function WizardLayout() {
  const { t } = useTranslation('wizard');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const step = stepAtPath(delocalize(pathname)) ?? firstWizardStep;
  const revision = useSurveyDraftRevision();
  useDocumentTitle(`${t(step.title)} · ${t('title')}`);
  useLocalizedDefaults();
  // A new step starts at the top (the previous one was left at its buttons, at the bottom).
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [step.id]);

  const startOver = () => {
    surveyDraftStore.clear();
    navigate(to(firstWizardStep.path));
  };

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
          <p className="text-muted-foreground">{t('description')}</p>
        </div>
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm">
              <RotateCcw aria-hidden="true" />
              {t('actions.startOver')}
            </Button>
          }
          title={t('actions.startOverTitle')}
          description={t('actions.startOverDescription')}
          cancelLabel={t('actions.cancel')}
          confirmLabel={t('actions.startOverConfirm')}
          onConfirm={startOver}
        />
      </div>
      <StepIndicator current={step} />
      {/* A replaced draft (Edit Survey, start over) re-mounts a form step, so its form starts from the new values. */}
      <Outlet key={step.editsDraft ? revision : undefined} />
    </div>
  );
}

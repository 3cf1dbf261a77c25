import { useQueryClient } from '@tanstack/react-query';
import { Info, Loader2, RotateCcw } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { delocalize } from '@/lib/language';
import {
  draftKeyOf,
  newSurveyDraftKey,
  surveyDraftStore,
  useSurveyDraftRevision,
  useSurveyDraftValue,
} from '@/lib/survey-draft';
import { surveySearchParam, wizardPathFor } from '@/lib/survey-selection';
import { useLocalizedPath } from '@/lib/use-language';
import { getSurveyQueryOptions, useSurvey } from '@/features/surveys/api/get-survey';
import { DraftConflictNotice } from '../components/draft-conflict-notice';
import { StepIndicator } from '../components/step-indicator';
import { useLocalizedDefaults } from '../hooks/use-localized-defaults';
import { firstWizardStep, neighboursOf, stepAtPath, type WizardStep, wizardSteps } from '../steps';

/** Why the wizard sent the owner to another step than the address asked for (shown above the step). */
type WizardNotice = 'startWithBusiness' | 'publishFirst';
interface WizardLocationState {
  wizardNotice?: WizardNotice;
}

/**
 * The frame of the four wizard pages: title, start-over, step indicators with progress, the step itself.
 * The address names the survey (`?survey=<id>`; none: a new survey) and so the draft the steps edit: the
 * layout opens that draft, or loads the survey when this browser has no draft of it. A draft this browser
 * kept is compared with the server's survey first (once per visit of the wizard): when the survey was saved
 * elsewhere since the draft started, the step shows the saved values and offers the draft's unsaved changes
 * (never applies them by itself). Steps 2-3 need a saved survey and step 4 a published one; opened without,
 * the owner lands on the step to do first, told why.
 */
export function WizardLayout() {
  const { t } = useTranslation('wizard');
  const location = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const queryClient = useQueryClient();
  const step = stepAtPath(delocalize(location.pathname)) ?? firstWizardStep;
  const surveyId = params.get(surveySearchParam);
  const key = draftKeyOf(surveyId);
  const revision = useSurveyDraftRevision();
  const editing = key !== newSurveyDraftKey;
  // The name only while editing (the title names the survey): typing a new survey's name re-renders no frame.
  const draftName = useSurveyDraftValue((draft) => (editing ? draft.businessName : ''));
  const savedSteps = useSurveyDraftValue((draft) => draft.savedSteps.join(' '));
  const survey = useSurvey(surveyId);
  const activeKey = useSurveyDraftValue((draft) => draftKeyOf(draft.surveyId));
  // Ready once the draft of the address's survey is the current one, and from then on until the address
  // names another survey: a save that moves the draft to a re-created survey (the address follows a moment
  // later) must not unmount the step mid-way.
  const [readyKey, setReadyKey] = useState<string>();
  if (activeKey === key && readyKey !== key) setReadyKey(key);
  const checked = useSyncExternalStore(surveyDraftStore.subscribe, () => surveyDraftStore.isChecked(key));
  useLocalizedDefaults();
  // Leaving the wizard: the next visit compares its draft with the server again (another device may save meanwhile).
  useEffect(() => () => surveyDraftStore.forgetChecks(), []);

  // Before the step paints: its form starts from the draft of the survey in the address, this browser's (as
  // compared with the server's) or loaded from the server when this browser has none.
  useLayoutEffect(() => {
    const stored = surveyDraftStore.open(key);
    if (!editing || surveyDraftStore.isChecked(key)) return;
    // The step waits (see `checked`) while this browser's draft is compared with the server's survey.
    let cancelled = false;
    queryClient.fetchQuery({ ...getSurveyQueryOptions(key), staleTime: 0 }).then(
      (loaded) => {
        if (!cancelled) surveyDraftStore.openSaved(loaded, { persist: false });
      },
      () => {
        if (cancelled) return;
        // Offline, or the survey is gone (its next save makes a new one from the draft, spec 4): the draft
        // this browser kept is all there is.
        if (stored) return surveyDraftStore.markChecked(key);
        toast.error(t('toasts.errorTitle'), { description: t('notices.surveyNotFound') });
        void navigate(to('/dashboard'), { replace: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [editing, key, step.id, navigate, queryClient, t, to]);

  const businessName = survey.data?.businessName || draftName;
  const published = editing && survey.data?.status === 'active';
  // "Edit survey" only for a published survey: a draft, even one already saved, is still being set up.
  const heading =
    editing && businessName ? t(published ? 'editTitle' : 'setupTitle', { business: businessName }) : t('title');
  useDocumentTitle(`${t(step.title)} · ${heading}`);

  const done = useMemo(() => {
    const steps = new Set<WizardStep['id']>(savedSteps ? (savedSteps.split(' ') as WizardStep['id'][]) : []);
    if (published) steps.add('distribution');
    return steps;
  }, [savedSteps, published]);
  const open = useMemo(
    () => new Set(wizardSteps.filter((s) => canOpen(s, editing, published)).map((s) => s.id)),
    [editing, published],
  );

  const notice = (location.state as WizardLocationState | null)?.wizardNotice;
  // Step 4 waits for the survey's status (an unknown survey counts as not published).
  const ready =
    readyKey === key && (!editing || checked) && (step.id !== 'distribution' || !editing || !survey.isPending);
  let redirect: { to: string; notice: WizardNotice } | undefined;
  if (ready && !canOpen(step, editing, published)) {
    redirect = editing
      ? { to: wizardPathFor(neighboursOf('distribution').previous!.path, surveyId), notice: 'publishFirst' }
      : { to: firstWizardStep.path, notice: 'startWithBusiness' };
  }

  const startOver = () => {
    // The current draft goes (a survey itself stays as saved), and so does an unsaved new one: the new
    // survey starts empty.
    if (editing) surveyDraftStore.clear();
    surveyDraftStore.clear();
    navigate(to(firstWizardStep.path));
  };

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h1 className="text-2xl font-bold tracking-tight break-words">{heading}</h1>
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
      <StepIndicator current={step} surveyId={editing ? key : null} done={done} open={open} />
      {ready && !redirect && step.editsDraft && <DraftConflictNotice />}
      {notice && !redirect && (
        <Alert data-testid="wizard-notice">
          <Info aria-hidden="true" />
          <AlertDescription>{t(`notices.${notice}`)}</AlertDescription>
        </Alert>
      )}
      {redirect ? (
        <Navigate
          to={to(redirect.to)}
          replace
          state={{ wizardNotice: redirect.notice } satisfies WizardLocationState}
        />
      ) : ready ? (
        // A replaced draft (Edit Survey, start over) re-mounts a form step, so its form starts from the new values.
        <Outlet key={step.editsDraft ? revision : undefined} />
      ) : (
        <div role="status" className="flex justify-center py-12">
          <Loader2 aria-hidden="true" className="text-muted-foreground size-6 animate-spin" />
          <span className="sr-only">{t('notices.loading')}</span>
        </div>
      )}
    </div>
  );
}

/** Steps 2-3 edit a saved survey; step 4 shares a published one. */
function canOpen(step: WizardStep, editing: boolean, published: boolean): boolean {
  if (step.id === 'business') return true;
  if (step.id === 'distribution') return published;
  return editing;
}

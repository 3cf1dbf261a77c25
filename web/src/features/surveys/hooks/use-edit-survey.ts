import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { surveyDraftStore } from '@/lib/survey-draft';
import { wizardPathFor } from '@/lib/survey-selection';
import { useLocalizedPath } from '@/lib/use-language';
import { getSurveyQueryOptions } from '../api/get-survey';
import { resumeSetupPath } from '../lib/setup-paths';

/**
 * "Edit Survey" (spec 2): loads the survey fresh and opens /survey-setup for that survey (`?survey=<id>`): the
 * new survey's draft stays untouched. The survey's wizard draft is the survey as the server has it, or the draft
 * this browser kept of it, compared with the server's (see `surveyDraftStore.openSaved`: a newer saved version
 * wins, the draft's unsaved changes are offered). `resume` ("Finish setup") opens the first step the survey has
 * not completed instead of step 1. The sidebar and the dashboard's quick actions share this one code path.
 */
export function useEditSurvey(options: { onNavigate?: () => void } = {}) {
  const { onNavigate } = options;
  const { t } = useTranslation('dashboard');
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const edit = useCallback(
    async (surveyId: string, { resume = false }: { resume?: boolean } = {}) => {
      setBusy(true);
      try {
        const full = await queryClient.fetchQuery({ ...getSurveyQueryOptions(surveyId), staleTime: 0 });
        surveyDraftStore.openSaved(full);
        toast.success(t('sidebar.toasts.loadedTitle'), { description: t('sidebar.toasts.loadedDescription') });
        onNavigate?.();
        await navigate(to(resume ? resumeSetupPath(full) : wizardPathFor('/survey-setup', full.id)));
      } catch {
        toast.error(t('sidebar.toasts.errorTitle'), { description: t('sidebar.toasts.loadSurveyFailed') });
      } finally {
        setBusy(false);
      }
    },
    [navigate, onNavigate, queryClient, t, to],
  );

  return { edit, busy };
}

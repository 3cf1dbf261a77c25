import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { draftFromSurvey, surveyDraftStore } from '@/lib/survey-draft';
import { wizardPathFor } from '@/lib/survey-selection';
import { useLocalizedPath } from '@/lib/use-language';
import { getSurveyQueryOptions } from '../api/get-survey';

/**
 * "Edit Survey" (spec 2): loads the survey fresh, makes it that survey's wizard draft (as the server has it)
 * and opens /survey-setup for that survey (`?survey=<id>`): the new survey's draft stays untouched.
 * The sidebar and the dashboard's quick actions share this one code path.
 */
export function useEditSurvey(options: { onNavigate?: () => void } = {}) {
  const { onNavigate } = options;
  const { t } = useTranslation('dashboard');
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const edit = useCallback(
    async (surveyId: string) => {
      setBusy(true);
      try {
        const full = await queryClient.fetchQuery({ ...getSurveyQueryOptions(surveyId), staleTime: 0 });
        surveyDraftStore.replace(draftFromSurvey(full));
        toast.success(t('sidebar.toasts.loadedTitle'), { description: t('sidebar.toasts.loadedDescription') });
        onNavigate?.();
        await navigate(to(wizardPathFor('/survey-setup', full.id)));
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

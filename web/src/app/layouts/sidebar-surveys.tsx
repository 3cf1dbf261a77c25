import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { SidebarMenu, SidebarMenuSkeleton } from '@/components/ui/sidebar';
import { surveysLoadFailedToastId, useSurveys } from '@/features/surveys/api/list-surveys';
import { selectSurvey, surveySearchParam } from '@/lib/survey-selection';
import { delocalize } from '@/lib/language';
import { useLocalizedPath } from '@/lib/use-language';
import { stepAtPath } from '@/features/survey-wizard/steps';
import { SurveyItem } from './sidebar-survey-item';

/** The owner's surveys in the sidebar: each expands to Edit Survey, View Landing Page and Delete Survey. */
export function SidebarSurveys({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('dashboard');
  const surveys = useSurveys();
  const to = useLocalizedPath();
  const { pathname } = useLocation();
  const [params] = useSearchParams();

  const errorShown = useRef(false);
  useEffect(() => {
    if (surveys.isError && !errorShown.current) {
      errorShown.current = true;
      // Same id as the dashboard page's toast: one failure, one toast.
      toast.error(t('sidebar.toasts.errorTitle'), {
        id: surveysLoadFailedToastId,
        description: t('sidebar.toasts.loadFailed'),
      });
    }
    if (surveys.isSuccess) errorShown.current = false;
  }, [surveys.isError, surveys.isSuccess, t]);

  if (surveys.isPending) {
    return (
      <div role="status" aria-label={t('sidebar.loading')} className="grid gap-1">
        <SidebarMenuSkeleton showIcon />
        <SidebarMenuSkeleton showIcon />
      </div>
    );
  }
  if (surveys.isError || surveys.data.length === 0) {
    return (
      <div className="text-muted-foreground rounded-md border border-dashed px-3 py-4 text-sm">
        <p className="text-foreground font-medium">{t('sidebar.empty')}</p>
        <p className="mt-1 text-xs">{t('sidebar.emptyHint')}</p>
      </div>
    );
  }
  // On the dashboard, the survey it shows (spec 2: the newest unless one is named in ?survey=); in the
  // wizard, the survey it edits (none while it makes a new one).
  const requestedId = params.get(surveySearchParam);
  const onDashboard = pathname === to('/dashboard');
  const selectedId = onDashboard
    ? selectSurvey(surveys.data, requestedId)?.id
    : stepAtPath(delocalize(pathname))
      ? (requestedId ?? undefined)
      : undefined;
  return (
    <SidebarMenu data-testid="sidebar-surveys">
      {surveys.data.map((survey) => (
        <SurveyItem
          key={survey.id}
          survey={survey}
          // The link is the page itself on the dashboard; in the wizard it is the survey being edited.
          current={survey.id === selectedId ? (onDashboard ? 'page' : 'true') : undefined}
          onNavigate={onNavigate}
        />
      ))}
    </SidebarMenu>
  );
}

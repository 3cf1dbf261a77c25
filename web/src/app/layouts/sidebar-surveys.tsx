import { useQueryClient } from '@tanstack/react-query';
import { ChevronRight, ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  SidebarMenu,
  SidebarMenuAction,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarMenuSkeleton,
  SidebarMenuSub,
  SidebarMenuSubButton,
  SidebarMenuSubItem,
} from '@/components/ui/sidebar';
import { deleteSurvey } from '@/features/surveys/api/delete-survey';
import { invalidateSurveys } from '@/features/surveys/api/invalidate-surveys';
import { type ListedSurvey, surveysLoadFailedToastId, useSurveys } from '@/features/surveys/api/list-surveys';
import { useEditSurvey } from '@/features/surveys/hooks/use-edit-survey';
import { resumeSetupPath } from '@/features/surveys/lib/setup-paths';
import { surveyKeys } from '@/lib/query-keys';
import { surveyDraftStore } from '@/lib/survey-draft';
import { dashboardPathFor, selectSurvey, surveySearchParam } from '@/lib/survey-selection';
import { delocalize } from '@/lib/language';
import { useLocalizedPath } from '@/lib/use-language';
import { stepAtPath } from '@/features/survey-wizard/steps';
import { cn } from '@/lib/utils';

/** Status colours (spec 4): active green, draft yellow, anything else blue. */
const statusDot = (status: string) =>
  status === 'active' ? 'bg-green-600' : status === 'draft' ? 'bg-yellow-400' : 'bg-blue-600';

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

interface SurveyItemProps {
  survey: ListedSurvey;
  /** Set for the survey the dashboard shows ('page') or the one the wizard edits ('true'). */
  current: 'page' | 'true' | undefined;
  onNavigate: () => void;
}

/** The name selects the survey on the dashboard; the chevron beside it opens the survey's actions. */
function SurveyItem({ survey, current, onNavigate }: SurveyItemProps) {
  const { t } = useTranslation('dashboard');
  const to = useLocalizedPath();
  const queryClient = useQueryClient();
  const [setupRequired, setSetupRequired] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const name = survey.businessName || t('sidebar.untitled');
  const statusText =
    survey.status === 'active'
      ? t('sidebar.status.active')
      : survey.status === 'draft'
        ? t('sidebar.status.draft')
        : t('sidebar.status.other', { status: survey.status });

  const { edit: editSurvey, busy } = useEditSurvey({ onNavigate });
  const edit = () => editSurvey(survey.id);

  const remove = async () => {
    try {
      await deleteSurvey(survey.id);
      surveyDraftStore.discard(survey.id);
      queryClient.removeQueries({ queryKey: surveyKeys.detail(survey.id) });
      await invalidateSurveys(queryClient);
      toast.success(t('sidebar.toasts.deletedTitle'), { description: t('sidebar.toasts.deletedDescription') });
    } catch {
      toast.error(t('sidebar.toasts.errorTitle'), { description: t('sidebar.toasts.deleteFailed') });
    }
  };

  return (
    <Collapsible asChild className="group/collapsible">
      <SidebarMenuItem data-testid="sidebar-survey" data-status={survey.status}>
        <SidebarMenuButton
          asChild
          isActive={current !== undefined}
          tooltip={`${name} (${statusText})`}
          className="pr-9"
        >
          <Link
            to={to(dashboardPathFor(survey.id))}
            aria-current={current}
            onClick={onNavigate}
            data-testid="sidebar-survey-link"
          >
            <span
              aria-hidden="true"
              data-testid="survey-status-dot"
              className={cn('size-2.5 shrink-0 rounded-full', statusDot(survey.status))}
            />
            <span className="truncate">{name}</span>
            <span className="sr-only">, {t('sidebar.statusLabel', { status: statusText })}</span>
          </Link>
        </SidebarMenuButton>
        <CollapsibleTrigger asChild>
          <SidebarMenuAction
            // 28 px: at least the 24 px target size of WCAG 2.5.8.
            className="right-0.5 w-7 transition-transform group-data-[state=open]/collapsible:rotate-90 peer-data-[size=default]/menu-button:top-0.5"
          >
            <ChevronRight aria-hidden="true" />
            <span className="sr-only">{t('sidebar.showActions', { name, status: statusText })}</span>
          </SidebarMenuAction>
        </CollapsibleTrigger>
        <CollapsibleContent>
          <SidebarMenuSub aria-label={t('sidebar.actionsFor', { name })}>
            <SidebarMenuSubItem>
              <SidebarMenuSubButton asChild>
                <button type="button" onClick={edit} disabled={busy} className="w-full">
                  <Pencil aria-hidden="true" />
                  <span>{t('sidebar.edit')}</span>
                </button>
              </SidebarMenuSubButton>
            </SidebarMenuSubItem>
            <SidebarMenuSubItem>
              {survey.landingPageUrl ? (
                <SidebarMenuSubButton href={survey.landingPageUrl} target="_blank" rel="noreferrer">
                  <ExternalLink aria-hidden="true" />
                  <span>
                    {t('sidebar.view')}
                    <span className="sr-only"> {t('sidebar.opensInNewTab')}</span>
                  </span>
                </SidebarMenuSubButton>
              ) : (
                <SidebarMenuSubButton asChild>
                  <button type="button" onClick={() => setSetupRequired(true)} className="w-full">
                    <ExternalLink aria-hidden="true" />
                    <span>{t('sidebar.view')}</span>
                  </button>
                </SidebarMenuSubButton>
              )}
            </SidebarMenuSubItem>
            <SidebarMenuSubItem>
              <SidebarMenuSubButton asChild>
                <button type="button" onClick={() => setConfirmDelete(true)} className="w-full">
                  <Trash2 aria-hidden="true" />
                  <span>{t('sidebar.delete')}</span>
                </button>
              </SidebarMenuSubButton>
            </SidebarMenuSubItem>
          </SidebarMenuSub>
        </CollapsibleContent>
        <Dialog open={setupRequired} onOpenChange={setSetupRequired}>
          <DialogContent closeLabel={t('sidebar.close')}>
            <DialogHeader>
              <DialogTitle>{t('sidebar.setupRequiredTitle')}</DialogTitle>
              <DialogDescription>{t('sidebar.setupRequiredDescription')}</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">{t('sidebar.close')}</Button>
              </DialogClose>
              <Button asChild>
                {/* Complete setup: where the owner left it, the first step the survey has not completed. */}
                <Link
                  to={to(resumeSetupPath(survey))}
                  onClick={(event) => {
                    event.preventDefault();
                    setSetupRequired(false);
                    void editSurvey(survey.id, { resume: true });
                  }}
                >
                  {t('sidebar.setupRequiredAction')}
                </Link>
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title={t('sidebar.deleteTitle')}
          description={t('sidebar.deleteDescription', { name })}
          cancelLabel={t('sidebar.cancel')}
          confirmLabel={t('sidebar.deleteConfirm')}
          destructive
          onConfirm={() => void remove()}
        />
      </SidebarMenuItem>
    </Collapsible>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { ChevronRight, ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
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
  SidebarMenuAction,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarMenuSub,
  SidebarMenuSubButton,
  SidebarMenuSubItem,
} from '@/components/ui/sidebar';
import { deleteSurvey } from '@/features/surveys/api/delete-survey';
import { invalidateSurveys } from '@/features/surveys/api/invalidate-surveys';
import type { ListedSurvey } from '@/features/surveys/api/list-surveys';
import { useEditSurvey } from '@/features/surveys/hooks/use-edit-survey';
import { resumeSetupPath } from '@/features/surveys/lib/setup-paths';
import { surveyKeys } from '@/lib/query-keys';
import { surveyDraftStore } from '@/lib/survey-draft';
import { dashboardPathFor } from '@/lib/survey-selection';
import { useLocalizedPath } from '@/lib/use-language';
import { cn } from '@/lib/utils';

/** Status colours (spec 4): active green, draft yellow, anything else blue. */
const statusDot = (status: string) =>
  status === 'active' ? 'bg-green-600' : status === 'draft' ? 'bg-yellow-400' : 'bg-blue-600';

interface SurveyItemProps {
  survey: ListedSurvey;
  /** Set for the survey the dashboard shows ('page') or the one the wizard edits ('true'). */
  current: 'page' | 'true' | undefined;
  onNavigate: () => void;
}

/** The name selects the survey on the dashboard; the chevron beside it opens the survey's actions. */
export function SurveyItem({ survey, current, onNavigate }: SurveyItemProps) {
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

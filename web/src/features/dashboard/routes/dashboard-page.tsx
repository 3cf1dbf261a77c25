import { AlertCircle, FilePen, Plus, RotateCw, Sparkles } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { LoadingStatus } from '@/components/loading-status';
import { EmailAddress } from '@/components/email-address';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { apiErrorMessageKey } from '@/lib/api-errors';
import { selectSurvey, surveySearchParam } from '@/lib/survey-selection';
import { useLocalizedPath } from '@/lib/use-language';
import { type ListedSurvey, surveysLoadFailedToastId, useSurveys } from '@/features/surveys/api/list-surveys';
import { RequestFunnelCard } from '@/features/surveys/components/request-funnel';
import { resumeSetupPath } from '@/features/surveys/lib/setup-paths';
import { useMe } from '../api/get-me';
import { useOnboarding } from '../api/get-onboarding';
import { useSurveyStats } from '../api/get-survey-stats';
import { FeedbackCollectionCard } from '../components/feedback-collection-card';
import { GettingStartedCard } from '../components/getting-started-card';
import { QuickActionsCard } from '../components/quick-actions-card';
import { RecentFeedback } from '../components/recent-feedback';
import { RenewalBanner } from '../components/renewal-banner';
import { StatCards } from '../components/stat-cards';

const surveyDataFailedToastId = 'survey-data-failed';

/** The insights hold the chart code (recharts): loaded only when a dashboard shows them. */
const InsightsCard = lazy(async () => ({ default: (await import('../components/insights-card')).InsightsCard }));

/**
 * The owner dashboard (spec 2 "Dashboard"): the survey selected in `?survey=` (the newest when none or an
 * unknown one is named), its numbers, sharing tools, recent feedback and the Getting Started card.
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  useDocumentTitle(t('title'));
  const surveys = useSurveys();
  const [params, setParams] = useSearchParams();
  const requested = params.get(surveySearchParam);
  const selected = surveys.data ? selectSurvey(surveys.data, requested) : undefined;

  // A deleted or foreign survey in the address: drop it, so the address names what is shown (the newest).
  useEffect(() => {
    if (requested && surveys.data && selected?.id !== requested) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(surveySearchParam);
          return next;
        },
        { replace: true },
      );
    }
  }, [requested, selected?.id, setParams, surveys.data]);

  useEffect(() => {
    if (surveys.isError)
      toast.error(t('sidebar.toasts.errorTitle'), {
        id: surveysLoadFailedToastId,
        description: t('sidebar.toasts.loadFailed'),
      });
  }, [surveys.isError, t]);

  return (
    <>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
        {selected && (
          <p className="text-muted-foreground text-sm" data-testid="selected-survey">
            {t('page.selectedSurvey', { name: selected.businessName || t('sidebar.untitled') })}
          </p>
        )}
      </div>
      <RenewalBanner />
      {surveys.isPending ? (
        <LoadingStatus label={t('page.loadingSurveys')} className="gap-4">
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <Skeleton className="h-28" />
            <Skeleton className="h-28" />
            <Skeleton className="h-28" />
            <Skeleton className="h-28" />
          </div>
          <Skeleton className="h-64" />
        </LoadingStatus>
      ) : surveys.isError ? (
        <Alert variant="destructive" className="max-w-2xl">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>{t('page.loadFailedTitle')}</AlertTitle>
          <AlertDescription className="grid gap-3">
            <p>{t('sidebar.toasts.loadFailed')}</p>
            <Button type="button" variant="outline" className="w-fit" onClick={() => void surveys.refetch()}>
              <RotateCw aria-hidden="true" />
              {t('page.retry')}
            </Button>
          </AlertDescription>
        </Alert>
      ) : selected ? (
        <SurveyDashboard key={selected.id} survey={selected} />
      ) : (
        <WelcomeCard />
      )}
    </>
  );
}

function SurveyDashboard({ survey }: { survey: ListedSurvey }) {
  const { t } = useTranslation('dashboard');
  const stats = useSurveyStats(survey.id);
  const onboarding = useOnboarding(survey.id);
  const failed = stats.isError || onboarding.isError;

  const failureShown = useRef(false);
  useEffect(() => {
    if (failed && !failureShown.current) {
      failureShown.current = true;
      toast.error(t('page.errorTitle'), { id: surveyDataFailedToastId, description: t('page.statsFailed') });
    }
    if (!failed) failureShown.current = false;
  }, [failed, t]);

  return (
    <div className="grid gap-4 md:gap-6">
      {survey.status !== 'active' && <DraftNotice survey={survey} />}
      <StatCards stats={stats.data} />
      {survey.status !== 'draft' && (
        <Suspense fallback={<Skeleton className="h-80" data-testid="insights-loading" />}>
          <InsightsCard surveyId={survey.id} />
        </Suspense>
      )}
      <div className="grid items-start gap-4 md:gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 gap-4 md:gap-6 lg:col-span-2">
          {survey.landingPageUrl && <FeedbackCollectionCard surveyId={survey.id} url={survey.landingPageUrl} />}
          {survey.landingPageUrl && <RequestFunnelCard surveyId={survey.id} />}
          <RecentFeedback items={stats.data?.recentFeedback} />
        </div>
        <div className="grid min-w-0 gap-4 md:gap-6">
          <GettingStartedCard onboarding={onboarding.data} />
          <QuickActionsCard surveyId={survey.id} url={survey.landingPageUrl} />
        </div>
      </div>
    </div>
  );
}

/** A draft has no link and no results yet: say so, and lead back to its setup where the owner left it. */
function DraftNotice({ survey }: { survey: ListedSurvey }) {
  const { t } = useTranslation('dashboard');
  const to = useLocalizedPath();
  return (
    <Alert className="max-w-3xl" data-testid="draft-notice">
      <FilePen aria-hidden="true" />
      <AlertTitle>{t('page.draft.title')}</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>{t('page.draft.description')}</p>
        <Button asChild variant="outline" className="w-fit">
          <Link to={to(resumeSetupPath(survey))}>{t('page.draft.action')}</Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/** No surveys yet: a welcome and the way to the first survey. */
function WelcomeCard() {
  const { t } = useTranslation(['dashboard', 'errors']);
  const to = useLocalizedPath();
  const me = useMe();
  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <div className="bg-accent text-primary mb-2 flex size-10 items-center justify-center rounded-full">
          <Sparkles aria-hidden="true" className="size-5" />
        </div>
        <CardTitle>
          <h2 className="text-lg">{t('welcome.title')}</h2>
        </CardTitle>
        <CardDescription>{t('welcome.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="text-sm" aria-live="polite">
          {me.isPending ? (
            <Skeleton className="h-5 w-56" />
          ) : me.isError ? (
            <p className="text-destructive">{t(`errors:${apiErrorMessageKey(me.error)}`)}</p>
          ) : (
            <p data-testid="me-email">
              {t('accountMenu.signedInAs')}{' '}
              <strong>
                <EmailAddress value={me.data.email} />
              </strong>
            </p>
          )}
        </div>
        <Button asChild className="w-fit">
          <Link to={to('/survey-setup')}>
            <Plus aria-hidden="true" />
            {t('welcome.cta')}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

import { AlertCircle, FilePen, Plus } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { LoadingStatus } from '@/components/loading-status';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { languageOfPath } from '@/lib/language';
import { selectSurvey, surveySearchParam } from '@/lib/survey-selection';
import { useLocalizedPath } from '@/lib/use-language';
import { type ListedSurvey, surveysLoadFailedToastId, useSurveys } from '@/features/surveys/api/list-surveys';
import { RequestFunnelCard } from '@/features/surveys/components/request-funnel';
import { resumeSetupPath } from '@/features/surveys/lib/setup-paths';
import { useRecipientsFollowFunnel } from '../api/list-request-recipients';
import { BatchList } from '../components/batch-list';
import { ConnectBookingSystem } from '../components/connect-booking-system';
import { RequestComposer } from '../components/request-composer';
import { SendingPausedBanner } from '../components/sending-paused-banner';
import { TextAllowance } from '../components/text-allowance';

/** A survey's language, from its public link (decisions 17: a Dutch survey's link is under /nl). */
const languageOfLink = (url: string) => languageOfPath(new URL(url).pathname);

/**
 * E-mail review requests for one survey (picked here or named in `?survey=`, as on the dashboard): the owner
 * gathers customers, confirms their permission, writes or keeps the message and sends now or later; below, the
 * batches sent so far with each customer's state and why any was skipped.
 */
export function ReviewRequestsPage() {
  const { t } = useTranslation(['requests', 'dashboard']);
  useDocumentTitle(t('title'));
  const id = useId();
  const surveys = useSurveys();
  const [params, setParams] = useSearchParams();
  const selected = surveys.data ? selectSurvey(surveys.data, params.get(surveySearchParam)) : undefined;

  useEffect(() => {
    if (surveys.isError)
      toast.error(t('dashboard:sidebar.toasts.errorTitle'), {
        id: surveysLoadFailedToastId,
        description: t('dashboard:sidebar.toasts.loadFailed'),
      });
  }, [surveys.isError, t]);

  const pick = (surveyId: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(surveySearchParam, surveyId);
      return next;
    });

  return (
    <>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
        <p className="text-muted-foreground text-sm">{t('description')}</p>
      </div>
      <SendingPausedBanner />
      {surveys.isPending ? (
        <LoadingStatus label={t('dashboard:page.loadingSurveys')} shapes={['h-9 w-64', 'h-64']} className="gap-4" />
      ) : surveys.isError ? (
        <Alert variant="destructive" className="max-w-2xl">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>{t('dashboard:page.loadFailedTitle')}</AlertTitle>
          <AlertDescription>{t('dashboard:sidebar.toasts.loadFailed')}</AlertDescription>
        </Alert>
      ) : !selected ? (
        <NoSurvey />
      ) : (
        <>
          <div className="grid max-w-sm gap-2">
            <Label htmlFor={`${id}-survey`}>{t('surveyPicker')}</Label>
            <Select value={selected.id} onValueChange={pick}>
              <SelectTrigger id={`${id}-survey`} className="w-full" data-testid="survey-picker">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {surveys.data.map((survey) => (
                  <SelectItem key={survey.id} value={survey.id}>
                    {survey.businessName || t('dashboard:sidebar.untitled')}
                    {survey.status !== 'active' && ` (${t('draft')})`}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <SurveyRequests key={selected.id} survey={selected} />
        </>
      )}
    </>
  );
}

function SurveyRequests({ survey }: { survey: ListedSurvey }) {
  const { t } = useTranslation('requests');
  useRecipientsFollowFunnel(survey.id);
  const to = useLocalizedPath();
  const batchesHeading = useRef<HTMLHeadingElement>(null);
  if (!survey.landingPageUrl)
    return (
      <Alert className="max-w-3xl">
        <FilePen aria-hidden="true" />
        <AlertTitle>{t('unpublished.title')}</AlertTitle>
        <AlertDescription className="grid gap-3">
          <p>{t('unpublished.description')}</p>
          <Button asChild variant="outline" className="w-fit">
            <Link to={to(resumeSetupPath(survey))}>{t('unpublished.action')}</Link>
          </Button>
        </AlertDescription>
      </Alert>
    );
  // After a send the new batch is what matters: it is brought to the top of the view, so the toast at the
  // bottom never covers the list the owner now reads, nor the button they just pressed (it scrolls away).
  const showBatches = () => {
    batchesHeading.current?.scrollIntoView({ block: 'start' });
    batchesHeading.current?.focus({ preventScroll: true });
  };
  return (
    <div className="grid min-w-0 gap-4 md:gap-6">
      <RequestFunnelCard surveyId={survey.id} />
      <TextAllowance surveyId={survey.id} />
      <RequestComposer
        surveyId={survey.id}
        businessName={survey.businessName}
        landingPageUrl={survey.landingPageUrl}
        surveyLanguage={languageOfLink(survey.landingPageUrl)}
        onSent={showBatches}
      />
      <section aria-labelledby="batches-title" className="grid min-w-0 gap-3">
        <h2
          id="batches-title"
          ref={batchesHeading}
          tabIndex={-1}
          className="scroll-mt-20 text-lg font-semibold outline-none"
        >
          {t('batches.heading')}
        </h2>
        <BatchList surveyId={survey.id} />
      </section>
      <ConnectBookingSystem surveyId={survey.id} />
    </div>
  );
}

function NoSurvey() {
  const { t } = useTranslation('requests');
  const to = useLocalizedPath();
  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{t('noSurvey.title')}</h2>
        </CardTitle>
        <CardDescription>{t('noSurvey.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild className="w-fit">
          <Link to={to('/survey-setup')}>
            <Plus aria-hidden="true" />
            {t('noSurvey.action')}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

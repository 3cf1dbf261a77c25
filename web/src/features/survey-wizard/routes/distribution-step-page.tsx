import { AlertCircle, Check, Copy, Lightbulb, Mail, MessageSquare } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOfSurveyLink, type Survey } from '@reviewroute/shared';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCopyButton } from '@/hooks/use-copy-button';
import { surveyDraftStore, useSurveyDraft } from '@/lib/survey-draft';
import { useLocalizedPath } from '@/lib/use-language';
import { useSurvey } from '@/features/surveys/api/get-survey';
import { SurveyLinkPanel } from '@/features/surveys/components/survey-link-panel';
import { WebsiteWidgetPanel } from '@/features/surveys/components/website-widget-panel';
import { SectionCard } from '../components/section-card';
import { neighboursOf } from '../steps';

/** The sample messages (spec 2): an e-mail and a text message, each with the link. */
const templates = [
  { kind: 'email', Icon: Mail },
  { kind: 'sms', Icon: MessageSquare },
] as const;

const { previous } = neighboursOf('distribution');

/** Wizard step 4 (spec 2): the live link, copy, QR download, sample messages and tips. */
export function DistributionStepPage() {
  const { t, i18n } = useTranslation('wizard');
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const [params] = useSearchParams();
  const { draft } = useSurveyDraft();
  const surveyId = params.get('survey') ?? draft.surveyId;
  const survey = useSurvey(surveyId);
  const url = survey.data?.landingPageUrl ?? null;
  const failed = !surveyId || survey.isError || (survey.isSuccess && !url);
  // The sample messages go to customers: in the survey's language, which its link carries (decisions 17).
  const inSurveyLanguage = url ? i18n.getFixedT(languageOfSurveyLink(url), 'wizard') : t;

  const failureShown = useRef(false);
  useEffect(() => {
    if (failed && !failureShown.current) {
      failureShown.current = true;
      toast.error(t('toasts.errorTitle'), { description: t('toasts.urlFailed') });
    }
  }, [failed, t]);

  const finish = () => {
    surveyDraftStore.clear();
    navigate(to('/dashboard'));
  };

  return (
    <div className="grid gap-6">
      <SectionCard
        title={t('distribution.heading')}
        description={t('distribution.description')}
        contentClassName="grid gap-4"
      >
        {failed ? (
          <Alert variant="destructive">
            <AlertCircle aria-hidden="true" />
            <AlertTitle>{t('toasts.errorTitle')}</AlertTitle>
            <AlertDescription>{t('toasts.urlFailed')}</AlertDescription>
          </Alert>
        ) : !url ? (
          <div className="grid gap-2" role="status">
            <span className="sr-only">{t('distribution.loadingUrl')}</span>
            <Skeleton className="h-9 w-full" />
          </div>
        ) : (
          <LiveUrl url={url} survey={survey.data!} />
        )}
      </SectionCard>
      {url && (
        <div className="grid gap-6 md:grid-cols-2">
          {templates.map(({ kind, Icon }) => (
            <TemplateCard
              key={kind}
              icon={<Icon aria-hidden="true" className="size-5" />}
              title={t(`distribution.${kind}`)}
              description={t(`distribution.${kind}Description`)}
              text={inSurveyLanguage(`distribution.${kind}Template`, { url })}
              copyLabel={t(`distribution.${kind}Copy`)}
              testId={`${kind}-template`}
            />
          ))}
        </div>
      )}
      {url && (
        <SectionCard
          title={t('widget.title', { ns: 'common' })}
          description={t('widget.description', { ns: 'common' })}
        >
          <WebsiteWidgetPanel url={url} idPrefix="distribution" titled={false} />
        </SectionCard>
      )}
      <SectionCard
        title={t('distribution.tips')}
        icon={<Lightbulb aria-hidden="true" className="size-5 text-amber-600" />}
      >
        <ul className="text-muted-foreground grid list-disc gap-2 pl-5 text-sm">
          <li>{t('distribution.tip1')}</li>
          <li>{t('distribution.tip2')}</li>
          <li>{t('distribution.tip3')}</li>
          <li>{t('distribution.tip4')}</li>
        </ul>
      </SectionCard>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        {previous && (
          <Button asChild variant="ghost">
            <Link to={to(previous.path)}>{t('actions.back')}</Link>
          </Button>
        )}
        <Button type="button" onClick={finish}>
          <Check aria-hidden="true" />
          {t('actions.finish')}
        </Button>
      </div>
    </div>
  );
}

function LiveUrl({ url, survey }: { url: string; survey: Survey }) {
  const { t } = useTranslation('wizard');
  const poster = () =>
    Promise.resolve({
      businessName: survey.businessName,
      logoUrl: survey.businessLogoUrl,
      primaryColor: survey.customColors.primaryColor,
    });
  return (
    <SurveyLinkPanel
      url={url}
      inputId="live-url"
      inputTestId="live-url"
      urlLabel={t('distribution.liveUrl')}
      openLabel={t('distribution.open')}
      poster={poster}
    />
  );
}

interface TemplateCardProps {
  icon: ReactNode;
  title: string;
  description: string;
  text: string;
  copyLabel: string;
  testId: string;
}

function TemplateCard({ icon, title, description, text, copyLabel, testId }: TemplateCardProps) {
  const { t } = useTranslation('wizard');
  // The button itself says Copied! (as the link's copy button does): a toast would cover the QR code and
  // poster buttons beside it.
  const { copied, copy } = useCopyButton();
  return (
    <SectionCard
      title={title}
      titleClassName="text-base"
      icon={icon}
      description={description}
      contentClassName="grid gap-3"
    >
      <p className="bg-muted rounded-md p-3 text-sm wrap-anywhere" data-testid={testId}>
        {text}
      </p>
      <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => void copy(text)}>
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        <span aria-live="polite">{copied ? t('distribution.copied') : copyLabel}</span>
      </Button>
    </SectionCard>
  );
}

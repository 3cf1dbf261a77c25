import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SurveyLinkPanel } from '@/features/surveys/components/survey-link-panel';

/** Spec 2: the survey's public link with copy, QR download and preview; only for a published survey. */
export function FeedbackCollectionCard({ url }: { url: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card data-testid="feedback-collection">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{t('collect.title')}</h2>
        </CardTitle>
        <CardDescription>{t('collect.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <SurveyLinkPanel
          url={url}
          inputId="survey-url"
          labels={{
            url: t('collect.urlLabel'),
            copy: t('collect.copy'),
            copied: t('collect.copied'),
            downloadQr: t('collect.downloadQr'),
            open: t('collect.preview'),
            opensInNewTab: t('collect.opensInNewTab'),
          }}
        />
      </CardContent>
    </Card>
  );
}

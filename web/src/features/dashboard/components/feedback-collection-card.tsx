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
          urlLabel={t('collect.urlLabel')}
          openLabel={t('collect.preview')}
          announceNewTab
        />
      </CardContent>
    </Card>
  );
}

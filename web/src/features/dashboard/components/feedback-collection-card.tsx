import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getSurveyQueryOptions } from '@/features/surveys/api/get-survey';
import { Separator } from '@/components/ui/separator';
import { SurveyLinkPanel } from '@/features/surveys/components/survey-link-panel';
import { WebsiteWidgetPanel } from '@/features/surveys/components/website-widget-panel';

interface FeedbackCollectionCardProps {
  surveyId: string;
  url: string;
}

/**
 * Spec 2: the survey's public link with copy, its QR code with the PNG and poster downloads, and preview, and
 * the reviews widget's snippet for the owner's website (decisions 27); only for a published survey. The poster's logo and colour come from the full survey, fetched (or taken
 * from the cache) only when a poster is asked for.
 */
export function FeedbackCollectionCard({ surveyId, url }: FeedbackCollectionCardProps) {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const poster = async () => {
    const survey = await queryClient.fetchQuery(getSurveyQueryOptions(surveyId));
    return {
      businessName: survey.businessName,
      logoUrl: survey.businessLogoUrl,
      primaryColor: survey.customColors.primaryColor,
    };
  };
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
          poster={poster}
        />
        <Separator className="my-6" />
        <WebsiteWidgetPanel url={url} idPrefix="dashboard" />
      </CardContent>
    </Card>
  );
}

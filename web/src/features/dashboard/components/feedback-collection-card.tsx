import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getSurveyQueryOptions } from '@/features/surveys/api/get-survey';
import { SurveyLinkPanel } from '@/features/surveys/components/survey-link-panel';

interface FeedbackCollectionCardProps {
  surveyId: string;
  url: string;
}

/**
 * Spec 2: the survey's public link with copy, its QR code with the PNG and poster downloads, and preview;
 * only for a published survey. The poster's logo and colour come from the full survey, fetched (or taken
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
      </CardContent>
    </Card>
  );
}

import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocalizedPath } from '@/lib/use-language';

/** Placeholder for wizard step 1 so 'Create New Survey' is never a dead link; the wizard issue replaces it. */
export function SurveySetupPage() {
  const { t } = useTranslation('dashboard');
  const to = useLocalizedPath();
  useDocumentTitle(t('surveySetup.title'));
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">{t('surveySetup.title')}</h1>
      <p className="text-muted-foreground">{t('surveySetup.description')}</p>
      <Button asChild variant="outline" className="w-fit">
        <Link to={to('/dashboard')}>
          <ArrowLeft aria-hidden="true" />
          {t('surveySetup.back')}
        </Link>
      </Button>
    </>
  );
}

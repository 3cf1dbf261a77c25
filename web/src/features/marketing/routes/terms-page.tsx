import { useTranslation } from 'react-i18next';
import { Article, type ArticleSection } from '../components/article';
import { usePageHead } from '../lib/use-page-head';

/** Terms of service: the nine sections of spec 2, with the 30-day notice and 14 days money back (decisions 28). */
export function TermsPage() {
  usePageHead('terms');
  const { t } = useTranslation('marketing');
  return (
    <Article
      title={t('terms.title')}
      intro={t('terms.intro')}
      updated={t('terms.updated')}
      sections={t('terms.sections', { returnObjects: true }) as Record<string, ArticleSection>}
      withContents
    />
  );
}

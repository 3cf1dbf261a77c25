import { useTranslation } from 'react-i18next';
import { Article, type ArticleSection } from '../components/article';
import { usePageHead } from '../lib/use-page-head';

/** What is stored and what is not (no IP), where, how long and how to delete it (decisions 14). */
export function PrivacyPage() {
  usePageHead('privacy');
  const { t } = useTranslation('marketing');
  return (
    <Article
      title={t('privacy.title')}
      intro={t('privacy.intro')}
      updated={t('privacy.updated')}
      sections={t('privacy.sections', { returnObjects: true }) as Record<string, ArticleSection>}
      withContents
    />
  );
}

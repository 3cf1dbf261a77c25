import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useLocalizedPath } from '@/lib/use-language';
import { Article, type ArticleSection } from '../components/article';
import { usePageHead } from '../lib/use-page-head';

/** Why ReviewRoute exists, what it does and for whom. */
export function AboutPage() {
  usePageHead('about');
  const { t } = useTranslation('marketing');
  const to = useLocalizedPath();
  return (
    <Article
      title={t('about.title')}
      intro={t('about.intro')}
      sections={t('about.sections', { returnObjects: true }) as Record<string, ArticleSection>}
    >
      <aside aria-labelledby="about-cta-title" className="bg-accent rounded-2xl border p-6 sm:p-8">
        <h2 id="about-cta-title" className="text-xl font-semibold">
          {t('about.ctaTitle')}
        </h2>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={to('/auth')}>{t('about.cta')}</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={to('/contact')}>{t('about.contact')}</Link>
          </Button>
        </div>
      </aside>
    </Article>
  );
}

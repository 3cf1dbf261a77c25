import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocalizedPath } from '@/lib/use-language';

/** Public home; the full marketing page (how it works, benefits, pricing) comes in a later issue. */
export function HomePage() {
  const { t } = useTranslation('marketing');
  const to = useLocalizedPath();
  useDocumentTitle();
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{t('home.title')}</h1>
      <p className="text-muted-foreground mt-6 text-lg text-balance">{t('home.subtitle')}</p>
      <Button asChild size="lg" className="mt-10">
        <Link to={to('/auth')}>
          {t('home.cta')}
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </section>
  );
}

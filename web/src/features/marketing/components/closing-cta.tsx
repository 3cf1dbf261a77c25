import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useLocalizedPath } from '@/lib/use-language';

/** The last call to action on the home page. */
export function ClosingCta() {
  const { t } = useTranslation('marketing');
  const to = useLocalizedPath();
  return (
    <section aria-labelledby="closing-title" className="bg-primary text-primary-foreground">
      <div className="mx-auto flex max-w-4xl flex-col items-center px-4 py-16 text-center sm:py-20">
        <h2 id="closing-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {t('closing.title')}
        </h2>
        <p className="mt-4 max-w-xl text-lg text-balance opacity-90">{t('closing.text')}</p>
        <Button asChild size="lg" variant="secondary" className="mt-8 h-12 px-7 text-base">
          <Link to={to('/auth')}>
            {t('closing.cta')}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}

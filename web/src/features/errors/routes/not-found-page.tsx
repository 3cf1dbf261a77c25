import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocalizedPath } from '@/lib/use-language';

/** Catch-all (spec 2): 'Oops! Page not found', a way home, and the miss in the console. */
export function NotFoundPage() {
  const { t } = useTranslation('errors');
  const to = useLocalizedPath();
  const { pathname } = useLocation();
  useDocumentTitle(t('notFound.title'));
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <p aria-hidden="true" className="text-primary text-6xl font-bold tracking-tight">
        {t('notFound.code')}
      </p>
      <h1 className="mt-4 text-2xl font-semibold sm:text-3xl">{t('notFound.title')}</h1>
      <p className="text-muted-foreground mt-3">{t('notFound.description')}</p>
      <Button asChild className="mt-8">
        <Link to={to('/')}>{t('notFound.home')}</Link>
      </Button>
    </section>
  );
}

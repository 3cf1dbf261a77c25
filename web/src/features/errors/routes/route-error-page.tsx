import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { Button } from '@/components/ui/button';

/** Last line of defence for render errors in any route: a translated message instead of a white page. */
export function RouteErrorPage() {
  const { t } = useTranslation('errors');
  const error = useRouteError();
  useEffect(() => {
    console.error('Unhandled route error', error);
  }, [error]);
  return (
    <main id="main" className="flex min-h-svh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-semibold">{t('boundary.title')}</h1>
      <p className="text-muted-foreground">{t('boundary.description')}</p>
      <Button onClick={() => window.location.reload()}>{t('boundary.reload')}</Button>
    </main>
  );
}

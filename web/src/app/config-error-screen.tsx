import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Shown when /config.json is missing or invalid: nothing auth-related can work without it. */
export function ConfigErrorScreen() {
  const { t } = useTranslation('common');
  return (
    <main id="main" className="flex min-h-svh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-semibold">{t('configError.title')}</h1>
      <p className="text-muted-foreground max-w-md">{t('configError.description')}</p>
      <Button onClick={() => window.location.reload()}>{t('configError.reload')}</Button>
    </main>
  );
}

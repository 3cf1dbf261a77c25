import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Shown while the session or config resolves, so guarded pages never flash their signed-out state. */
export function FullPageLoader() {
  const { t } = useTranslation('common');
  return (
    <div role="status" aria-live="polite" className="flex min-h-svh items-center justify-center">
      <Loader2 aria-hidden="true" className="text-muted-foreground size-8 animate-spin" />
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}

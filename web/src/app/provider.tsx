import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18next } from '@/lib/i18n';
import { useHydrated } from '@/hooks/use-hydrated';
import { useIsMobile } from '@/hooks/use-mobile';
import { createQueryClient } from '@/lib/query-client';

/**
 * App-wide providers: translations, server state and the single toast outlet. The auth session belongs to the
 * owner app's routes (owner-root.tsx), so the public pages never load Amplify.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={queryClient}>
        {children}
        <AppToaster />
      </QueryClientProvider>
    </I18nextProvider>
  );
}

// Loaded after the page is up instead of in every page's first download (the public pages ship lean).
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/sonner')).Toaster }));

/** The single toast outlet, with translated landmark and close-button labels; it mounts once the app runs. */
function AppToaster() {
  const { t } = useTranslation('common');
  const hydrated = useHydrated();
  const phone = useIsMobile();
  if (!hydrated) return null;
  // Toasts never cover the header controls (language switcher, account menu) or the page's heading: the bottom
  // corner on wide screens, the bottom edge on a phone (sonner spans it across the width there). A toast that
  // lands over a page's buttons leaves on its own or by its close button; one over the heading hid what the
  // page is while it stayed. The public survey page has its own outlet with its own placement (survey/).
  return (
    <Suspense fallback={null}>
      <Toaster
        richColors
        closeButton
        position={phone ? 'bottom-center' : 'bottom-right'}
        containerAriaLabel={t('toasts.container')}
        // Sonner's close button is 20 px; WCAG 2.2 target size asks for 24.
        toastOptions={{ closeButtonAriaLabel: t('toasts.close'), classNames: { closeButton: 'size-6!' } }}
      />
    </Suspense>
  );
}

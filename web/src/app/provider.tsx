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

/**
 * Where toasts sit from the top: within the 64 px header on wide screens (8 px from the top), below it on a
 * phone (64 px + 8 px), with sonner's 16 px from the sides.
 */
const toastOffsets = {
  wide: { top: 8 },
  phone: { top: 72, left: 16, right: 16 },
} as const;

/** The single toast outlet, with translated landmark and close-button labels; it mounts once the app runs. */
function AppToaster() {
  const { t } = useTranslation('common');
  const hydrated = useHydrated();
  const phone = useIsMobile();
  if (!hydrated) return null;
  // Toasts never cover the button just pressed or the ones pressed next. A bottom corner did: after publishing,
  // "Survey created" sat on the share step's QR and poster downloads, and on a phone the bottom edge is where the
  // thumb works. So they come at the top centre: on wide screens over the middle of the header, which holds no
  // control (breadcrumb left, plan badge, language and account right); on a phone, where the header is full of
  // controls, just below it, over the page's heading. The public survey page has its own outlet (survey/).
  return (
    <Suspense fallback={null}>
      <Toaster
        richColors
        closeButton
        position="top-center"
        // Sonner takes `offset` above 600 px and `mobileOffset` below; `phone` (under 768 px) decides for both.
        offset={phone ? toastOffsets.phone : toastOffsets.wide}
        mobileOffset={toastOffsets.phone}
        containerAriaLabel={t('toasts.container')}
        // Sonner's close button is 20 px; WCAG 2.2 target size asks for 24.
        toastOptions={{ closeButtonAriaLabel: t('toasts.close'), classNames: { closeButton: 'size-6!' } }}
      />
    </Suspense>
  );
}

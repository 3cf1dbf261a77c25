import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Toaster } from '@/components/ui/sonner';
import { i18next } from '@/lib/i18n';
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

/** The single toast outlet, with translated landmark and close-button labels. */
function AppToaster() {
  const { t } = useTranslation('common');
  return (
    // Bottom corner: toasts never cover the header controls (language switcher, account menu).
    <Toaster
      richColors
      closeButton
      position="bottom-right"
      containerAriaLabel={t('toasts.container')}
      toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
    />
  );
}

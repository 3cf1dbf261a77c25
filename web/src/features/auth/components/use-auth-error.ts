import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authServiceMessage } from '@/lib/auth-errors';

/** Holds the message of the last failed auth call, already resolved to what the alert shows. */
export function useAuthError() {
  const { t } = useTranslation('errors');
  const [message, setMessage] = useState<string | null>(null);
  const report = useCallback(
    (error: unknown) => {
      if (!authServiceMessage(error)) console.error('Auth call failed', error);
      setMessage(authServiceMessage(error) ?? t('unexpected'));
    },
    [t],
  );
  const clear = useCallback(() => setMessage(null), []);
  return { message, report, clear };
}

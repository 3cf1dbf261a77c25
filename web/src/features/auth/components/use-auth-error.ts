import { useCallback, useState } from 'react';
import { type AuthErrorKey, type AuthFlow, authErrorKey } from '@/lib/auth-errors';

export type ShownAuthError = AuthErrorKey | 'unexpected';

/** Holds what the last failed auth call of a form means, for the form's alert. */
export function useAuthError() {
  const [key, setKey] = useState<ShownAuthError | null>(null);
  const show = useCallback((shown: ShownAuthError, cause?: unknown) => {
    // Only failures nobody anticipated are worth a console entry for whoever investigates.
    if (shown === 'unexpected') console.error('Auth call failed', cause);
    setKey(shown);
  }, []);
  const report = useCallback((error: unknown, flow: AuthFlow) => show(authErrorKey(error, flow), error), [show]);
  const clear = useCallback(() => setKey(null), []);
  return { key, show, report, clear };
}

/** What `useAuthError` gives a form. */
export type AuthErrorState = ReturnType<typeof useAuthError>;

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fetchTwoFactor } from '../api/security';

/** Per user, so a sign-out and another owner's sign-in never show the previous owner's state. */
const mfaQueryKey = (userId: string) => ['security', 'mfa', userId] as const;

/** Whether the owner signs in with a TOTP code (Cognito's MFA settings, read by the API). */
export function useTotpEnabled(userId: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: mfaQueryKey(userId),
    queryFn: async () => (await fetchTwoFactor()).enabled,
  });
  const set = useCallback(
    (enabled: boolean) => queryClient.setQueryData(mfaQueryKey(userId), enabled),
    [queryClient, userId],
  );
  return { ...query, set };
}

import { type ReactNode, useEffect } from 'react';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { Hub } from 'aws-amplify/utils';
import { fetchAuthSession, getCurrentUser } from 'aws-amplify/auth';

export interface SessionUser {
  userId: string;
  email: string;
}

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

export const sessionQueryKey = ['auth', 'session'] as const;

/** The signed-in user, or null. Amplify keeps the tokens; this only asks it who they belong to. */
export async function loadSession(): Promise<SessionUser | null> {
  let user;
  try {
    user = await getCurrentUser();
  } catch {
    return null;
  }
  let email = user.signInDetails?.loginId ?? '';
  try {
    // The ID token's address (the one the API reads too): the access token may not call Cognito's GetUser, which
    // needs the admin scope the web client's tokens do not carry.
    const claim = (await fetchAuthSession()).tokens?.idToken?.payload.email;
    if (typeof claim === 'string' && claim) email = claim;
  } catch {
    // A refresh may need the network; the login id is the e-mail too, so it is a good fallback.
  }
  return { userId: user.userId, email };
}

export function useSession(): { status: SessionStatus; user: SessionUser | null } {
  const query = useQuery({ queryKey: sessionQueryKey, queryFn: loadSession, staleTime: Infinity, retry: false });
  if (query.isPending) return { status: 'loading', user: null };
  return query.data ? { status: 'signedIn', user: query.data } : { status: 'signedOut', user: null };
}

/** Forgets the user and everything fetched on their behalf. */
export function clearSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, null);
}

/** Re-reads the session (after sign-in) and resolves once the new state is in the cache. */
export async function refreshSession(queryClient: QueryClient): Promise<SessionUser | null> {
  await queryClient.refetchQueries({ queryKey: sessionQueryKey, exact: true });
  return queryClient.getQueryData<SessionUser | null>(sessionQueryKey) ?? null;
}

/** Keeps the session query in step with Amplify's auth events (also those from other tabs' sign-outs). */
export function AuthSessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      Hub.listen('auth', ({ payload }) => {
        switch (payload.event) {
          case 'signedIn':
          case 'tokenRefresh':
            void queryClient.invalidateQueries({ queryKey: sessionQueryKey, exact: true });
            break;
          case 'signedOut':
          case 'tokenRefresh_failure':
            clearSession(queryClient);
            break;
          default:
            break;
        }
      }),
    [queryClient],
  );
  return children;
}

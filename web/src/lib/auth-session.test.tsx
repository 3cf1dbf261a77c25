import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthSessionProvider, loadSession, sessionQueryKey, useSession } from './auth-session';
import { meKeys } from '@/lib/query-keys';

const amplify = vi.hoisted(() => ({ getCurrentUser: vi.fn(), fetchAuthSession: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);

/** Amplify's session whose ID token names `email` (what the app reads the address from). */
const sessionWithEmail = (email: string) => ({
  tokens: { idToken: { toString: () => 'id-token', payload: { email } } },
});

type HubCallback = (capsule: { payload: { event: string } }) => void;
const hub = vi.hoisted(() => ({ listeners: [] as HubCallback[] }));
vi.mock('aws-amplify/utils', () => ({
  Hub: {
    listen: (_channel: string, callback: HubCallback) => {
      hub.listeners.push(callback);
      return () => hub.listeners.splice(hub.listeners.indexOf(callback), 1);
    },
  },
}));
const emit = (event: string) => act(() => hub.listeners.forEach((listener) => listener({ payload: { event } })));

function Probe() {
  const { status, user } = useSession();
  return <p data-testid="probe">{`${status}:${user?.email ?? ''}`}</p>;
}

function renderProbe(queryClient = new QueryClient()) {
  render(
    <QueryClientProvider client={queryClient}>
      <AuthSessionProvider>
        <Probe />
      </AuthSessionProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

const probe = () => screen.getByTestId('probe').textContent;

beforeEach(() => {
  vi.resetAllMocks();
  hub.listeners.length = 0;
});
afterEach(() => {
  cleanup();
});

describe('loadSession', () => {
  it('is null when nobody is signed in', async () => {
    amplify.getCurrentUser.mockImplementation(async () => {
      throw new Error('UserUnAuthenticatedException');
    });
    await expect(loadSession()).resolves.toBeNull();
  });

  it('takes the e-mail from the ID token', async () => {
    amplify.getCurrentUser.mockResolvedValue({ userId: 'u1', username: 'u1', signInDetails: { loginId: 'old@x.nl' } });
    amplify.fetchAuthSession.mockResolvedValue(sessionWithEmail('new@x.nl'));
    await expect(loadSession()).resolves.toEqual({ userId: 'u1', email: 'new@x.nl' });
  });

  it('falls back to the login id when the session cannot be read', async () => {
    amplify.getCurrentUser.mockResolvedValue({ userId: 'u1', username: 'u1', signInDetails: { loginId: 'me@x.nl' } });
    amplify.fetchAuthSession.mockImplementation(async () => {
      throw new Error('offline');
    });
    await expect(loadSession()).resolves.toEqual({ userId: 'u1', email: 'me@x.nl' });
  });
});

describe('AuthSessionProvider', () => {
  it('goes from loading to signed in', async () => {
    amplify.getCurrentUser.mockResolvedValue({ userId: 'u1', username: 'u1' });
    amplify.fetchAuthSession.mockResolvedValue(sessionWithEmail('a@b.co'));
    renderProbe();
    expect(probe()).toBe('loading:');
    await waitFor(() => expect(probe()).toBe('signedIn:a@b.co'));
  });

  it.each(['signedOut', 'tokenRefresh_failure'])('%s signs the user out and drops their data', async (event) => {
    amplify.getCurrentUser.mockResolvedValue({ userId: 'u1', username: 'u1' });
    amplify.fetchAuthSession.mockResolvedValue(sessionWithEmail('a@b.co'));
    const queryClient = renderProbe();
    queryClient.setQueryData(meKeys.me(), { userId: 'u1', email: 'a@b.co' });
    await waitFor(() => expect(probe()).toBe('signedIn:a@b.co'));
    emit(event);
    await waitFor(() => expect(probe()).toBe('signedOut:'));
    expect(queryClient.getQueryData(meKeys.me())).toBeUndefined();
    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
  });

  it('signedIn re-reads the session', async () => {
    amplify.getCurrentUser.mockImplementation(async () => {
      throw new Error('signed out');
    });
    renderProbe();
    await waitFor(() => expect(probe()).toBe('signedOut:'));
    amplify.getCurrentUser.mockReset();
    amplify.getCurrentUser.mockResolvedValue({ userId: 'u2', username: 'u2' });
    amplify.fetchAuthSession.mockResolvedValue(sessionWithEmail('c@d.co'));
    emit('signedIn');
    await waitFor(() => expect(probe()).toBe('signedIn:c@d.co'));
  });

  it('stops listening when unmounted', () => {
    renderProbe();
    expect(hub.listeners).toHaveLength(1);
    cleanup();
    expect(hub.listeners).toHaveLength(0);
  });
});

import { useEffect } from 'react';
import { Outlet, useRouteError } from 'react-router-dom';
import { RouteErrorPage } from '@/features/errors/routes/route-error-page';
import { configureAmplify } from '@/lib/amplify';
import { AuthSessionProvider } from '@/lib/auth-session';
import { ConfigError, loadConfig } from '@/lib/config';
import { ConfigErrorScreen } from './config-error-screen';

// The owner app's root (/auth, the dashboard, the account, the wizard), loaded on demand by the router: the
// public pages never load Amplify, the runtime config or the session.

let configured: Promise<void> | undefined;

/** Reads /config.json and configures Amplify once, before the first owner page renders. */
export async function loader(): Promise<null> {
  configured ??= loadConfig()
    .then(configureAmplify)
    .catch((error: unknown) => {
      // A later visit to an owner page tries again (the host may have been redeploying).
      configured = undefined;
      throw error;
    });
  await configured;
  return null;
}

export function Component() {
  return (
    <AuthSessionProvider>
      <Outlet />
    </AuthSessionProvider>
  );
}

/** Without a valid config nothing auth-related can work; every other failure is the usual error page. */
export function ErrorBoundary() {
  const error = useRouteError();
  const configMissing = error instanceof ConfigError;
  useEffect(() => {
    if (configMissing) console.error(error);
  }, [configMissing, error]);
  return configMissing ? <ConfigErrorScreen /> : <RouteErrorPage />;
}

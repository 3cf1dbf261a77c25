import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render } from '@testing-library/react';
import { type ReactElement } from 'react';
import { afterEach } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { Toaster } from '@/components/ui/sonner';
import { i18next, initI18n } from '@/lib/i18n';
import { languageOfPath } from '@/lib/language';
import { type SessionUser, sessionQueryKey } from '@/lib/auth-session';

// `npm test` runs these beside the e2e run, so a lazy chunk or a query can take longer than the default
// 1 s to show up; the wait still ends as soon as the element is there.
configure({ asyncUtilTimeout: 5_000 });

// vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

export interface RenderOptions {
  /** Initial URL. */
  path?: string;
  /** Extra routes next to the one rendering `ui` at `routePath`. */
  routes?: RouteObject[];
  routePath?: string;
  /** Pre-seeds the session so no Amplify call is needed (undefined = let the query run). */
  session?: SessionUser | null;
}

/** Renders inside the app's providers with an in-memory router; returns the router to inspect the location. */
export function renderWithApp(ui: ReactElement | null, options: RenderOptions = {}) {
  const { path = '/', routes = [], routePath = path.split(/[?#]/)[0], session } = options;
  // In the app the LanguageGate sets the language from the path; tests of single pages do it here.
  initI18n(languageOfPath(path));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  if (session !== undefined) queryClient.setQueryData(sessionQueryKey, session);
  const router = createMemoryRouter([...(ui ? [{ path: routePath, element: ui }] : []), ...routes], {
    initialEntries: [path],
  });
  const result = render(
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, router, queryClient };
}

/** Resolves after `promise` is handed out, so a test can observe the pending state first. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

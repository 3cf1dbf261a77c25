import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router-dom';
import { type Language, type Page, pagePattern, slugRedirects } from '@reviewroute/shared';
import { FullPageLoader } from '@/components/full-page-loader';
import { NotFoundPage } from '@/features/errors/routes/not-found-page';
import { RouteErrorPage } from '@/features/errors/routes/route-error-page';
import { HomePage } from '@/features/marketing/routes/home-page';
import { SiteLayout } from '@/features/marketing/components/site-layout';
import { AboutPage } from '@/features/marketing/routes/about-page';
import { PrivacyPage } from '@/features/marketing/routes/privacy-page';
import { TermsPage } from '@/features/marketing/routes/terms-page';
import { wizardStepRoutes } from '@/features/survey-wizard/step-routes';
import { LanguageGate } from './language-gate';
import { type DashboardRouteHandle } from './layouts/dashboard-layout';

/** Replaces the path, keeping query and hash (used for /nl/about -> /nl/over-ons). */
function RedirectTo({ path }: { path: string }) {
  const { search, hash } = useLocation();
  return <Navigate replace to={`${path}${search}${hash}`} />;
}

const crumb = (c: DashboardRouteHandle['crumb']): DashboardRouteHandle => ({ crumb: c });

/** One language's copy of the app: the same pages at each page's path in that language (spec 2, the page table). */
function localizedRoutes(language: Language): RouteObject[] {
  const path = (page: Page) => pagePattern(page, language);
  return [
    {
      element: <SiteLayout />,
      children: [
        { path: path('home'), element: <HomePage /> },
        { path: path('about'), element: <AboutPage /> },
        { path: path('privacy'), element: <PrivacyPage /> },
        { path: path('terms'), element: <TermsPage /> },
        // The switch-off link of a low-rating alert mail: no session, so it needs nothing of the owner app.
        {
          path: path('alertLink'),
          lazy: async () => ({
            Component: (await import('@/features/alert-link/routes/alert-link-page')).AlertLinkPage,
          }),
        },
        // The unsubscribe link in a review request's footer, for the customer: no session either.
        {
          path: path('unsubscribe'),
          lazy: async () => ({
            Component: (await import('@/features/unsubscribe/routes/unsubscribe-page')).UnsubscribePage,
          }),
        },
        // Its own chunk: the form's validation (zod, react-hook-form) loads with the contact page only.
        {
          path: path('contact'),
          lazy: async () => ({ Component: (await import('@/features/marketing/routes/contact-page')).ContactPage }),
        },
      ],
    },
    // The owner app loads on demand, with its runtime config, Amplify and the session (owner-root.tsx): the
    // public pages ship none of it.
    {
      lazy: () => import('./owner-root'),
      children: [
        {
          path: path('auth'),
          lazy: async () => ({ Component: (await import('@/features/auth/routes/auth-page')).AuthPage }),
        },
        // Plans and payment: open to visitors (who are asked to log in), but it needs the session and the
        // API, so it loads with the owner app, in the public site's header and footer (which then knows the
        // session).
        {
          lazy: async () => ({ Component: (await import('./layouts/owner-site-layout')).OwnerSiteLayout }),
          children: [
            {
              path: path('payments'),
              lazy: async () => ({
                Component: (await import('@/features/payments/routes/payments-page')).PaymentsPage,
              }),
            },
          ],
        },
        {
          lazy: async () => ({ Component: (await import('./guards')).RequireAuth }),
          children: [
            // A printable invoice: the page itself, without the app's sidebar and header.
            {
              path: path('invoice'),
              lazy: async () => ({
                Component: (await import('@/features/account/routes/invoice-page')).InvoicePage,
              }),
            },
            {
              lazy: async () => ({ Component: (await import('./layouts/dashboard-layout')).DashboardLayout }),
              children: [
                {
                  path: path('dashboard'),
                  handle: crumb('dashboard'),
                  lazy: async () => ({
                    Component: (await import('@/features/dashboard/routes/dashboard-page')).DashboardPage,
                  }),
                },
                {
                  path: path('inbox'),
                  handle: crumb('inbox'),
                  lazy: async () => ({
                    Component: (await import('@/features/inbox/routes/inbox-page')).InboxPage,
                  }),
                },
                {
                  path: path('account'),
                  handle: crumb('account'),
                  lazy: async () => ({
                    Component: (await import('@/features/account/routes/account-page')).AccountPage,
                  }),
                },
                {
                  path: path('reviewRequests'),
                  handle: crumb('reviewRequests'),
                  lazy: async () => ({
                    Component: (await import('@/features/review-requests/routes/review-requests-page'))
                      .ReviewRequestsPage,
                  }),
                },
                {
                  // The four wizard steps (from their step list) share one frame (title, step indicators, progress).
                  handle: crumb('surveySetup'),
                  lazy: async () => ({
                    Component: (await import('@/features/survey-wizard/routes/wizard-layout')).WizardLayout,
                  }),
                  children: wizardStepRoutes(path),
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export const routes: RouteObject[] = [
  {
    element: <LanguageGate />,
    errorElement: <RouteErrorPage />,
    // Shown while the first page's lazy chunks load.
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      ...localizedRoutes('en'),
      ...localizedRoutes('nl'),
      // The English slugs under a language's prefix move to its own (/nl/about -> /nl/over-ons).
      ...slugRedirects().map(({ from, to }) => ({ path: from, element: <RedirectTo path={to} /> })),
      { element: <SiteLayout />, children: [{ path: '*', element: <NotFoundPage /> }] },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
export type AppRouter = ReturnType<typeof createRouter>;

import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type SessionUser } from '@/lib/auth-session';
import { languageStorageKey } from '@/lib/language';
import { apiHandler, configHandler, everyRoute, serveApi } from '@testing/api';
import { sampleAppConfig } from '@testing/fixtures';
import { deferred, renderWithApp } from '@testing/render';
import { routes } from './router';

const amplify = vi.hoisted(() => ({
  signOut: vi.fn(),
  fetchAuthSession: vi.fn(),
  getCurrentUser: vi.fn(),

  signIn: vi.fn(),
  signUp: vi.fn(),
  confirmSignUp: vi.fn(),
  resendSignUpCode: vi.fn(),
}));
vi.mock('aws-amplify/auth', () => amplify);

/** Amplify's session whose ID token names `email` (what the app reads the address from). */
const sessionWithEmail = (email: string) => ({
  tokens: { idToken: { toString: () => 'id-token', payload: { email } } },
});
vi.mock('@/lib/amplify', () => ({ authFlowType: () => 'USER_PASSWORD_AUTH', configureAmplify: vi.fn() }));

const owner: SessionUser = { userId: 'user-1', email: 'owner@shop.nl' };

function renderApp(path: string, session: SessionUser | null = null) {
  return { ...renderWithApp(null, { path, routes, session }), user: userEvent.setup() };
}

const pathname = (router: ReturnType<typeof renderApp>['router']) => router.state.location.pathname;

let languages: string[] = ['en-US', 'en'];
/** The Authorization header of the last GET /api/me. */
let meAuthorization: string | null = null;

beforeEach(() => {
  vi.resetAllMocks();
  languages = ['en-US', 'en'];
  vi.spyOn(navigator, 'languages', 'get').mockImplementation(() => languages);
  amplify.fetchAuthSession.mockResolvedValue({ tokens: { idToken: { toString: () => 'id-token' } } });
  meAuthorization = null;
  serveApi(
    // The owner pages' runtime config (loaded with their routes).
    configHandler(sampleAppConfig),
    apiHandler('me', ({ request }) => {
      meAuthorization = request.headers.get('authorization');
      return HttpResponse.json({ userId: 'user-1', email: 'api-owner@shop.nl' });
    }),
    apiHandler('list-surveys', () => HttpResponse.json({ surveys: [] })),
    ...everyRoute(() => new HttpResponse('not found', { status: 404 })),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('language routing', () => {
  it('renders the English pages at their paths with <html lang="en">', async () => {
    const { router } = renderApp('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About ReviewRoute' })).toBeTruthy();
    expect(pathname(router)).toBe('/about');
    expect(document.documentElement.lang).toBe('en');
  });

  it('serves the Dutch slugs and sets <html lang="nl">', async () => {
    window.localStorage.setItem(languageStorageKey, 'nl');
    renderApp('/nl/voorwaarden');
    expect(await screen.findByRole('heading', { level: 1, name: 'Algemene voorwaarden' })).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe('nl'));
  });

  it('redirects /nl/about to /nl/over-ons and /nl/terms to /nl/voorwaarden', async () => {
    window.localStorage.setItem(languageStorageKey, 'nl');
    const about = renderApp('/nl/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'Over ReviewRoute' })).toBeTruthy();
    expect(pathname(about.router)).toBe('/nl/over-ons');
    cleanup();
    const terms = renderApp('/nl/terms?x=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Algemene voorwaarden' })).toBeTruthy();
    expect(pathname(terms.router)).toBe('/nl/voorwaarden');
    expect(terms.router.state.location.search).toBe('?x=1');
  });

  it('the stored choice wins: an English path is redirected to Dutch', async () => {
    window.localStorage.setItem(languageStorageKey, 'nl');
    const { router } = renderApp('/auth');
    expect(await screen.findByRole('tab', { name: 'Registreren' })).toBeTruthy();
    expect(pathname(router)).toBe('/nl/auth');
  });

  it('the stored choice wins over a Dutch browser', async () => {
    languages = ['nl-NL', 'nl'];
    window.localStorage.setItem(languageStorageKey, 'en');
    const { router } = renderApp('/nl/over-ons');
    expect(await screen.findByRole('heading', { level: 1, name: 'About ReviewRoute' })).toBeTruthy();
    expect(pathname(router)).toBe('/about');
  });

  it('without a stored choice a Dutch browser gets the Dutch page', async () => {
    languages = ['de-DE', 'nl-BE'];
    const { router } = renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Meer Google-reviews van tevreden klanten' }),
    ).toBeTruthy();
    expect(pathname(router)).toBe('/nl');
  });

  it('without a stored choice an English browser stays on a Dutch path (decisions 16)', async () => {
    const { router } = renderApp('/nl/auth');
    expect(await screen.findByRole('tab', { name: 'Registreren' })).toBeTruthy();
    expect(pathname(router)).toBe('/nl/auth');
  });

  it('without a stored choice an English browser keeps the English page', async () => {
    const { router } = renderApp('/auth');
    expect(await screen.findByRole('tab', { name: 'Sign up' })).toBeTruthy();
    expect(pathname(router)).toBe('/auth');
  });

  it('the switcher stores the choice and moves to the same page in the other language', async () => {
    const { router, user } = renderApp('/about?ref=x');
    await screen.findByRole('heading', { level: 1, name: 'About ReviewRoute' });
    // The public pages switch with a link per language.
    const languages = screen.getByRole('navigation', { name: 'Language' });
    expect(within(languages).getByRole('link', { name: 'EN English' }).getAttribute('aria-current')).toBe('true');
    await user.click(within(languages).getByRole('link', { name: 'NL Nederlands' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Over ReviewRoute' })).toBeTruthy();
    expect(pathname(router)).toBe('/nl/over-ons');
    expect(router.state.location.search).toBe('?ref=x');
    expect(window.localStorage.getItem(languageStorageKey)).toBe('nl');
    await waitFor(() => expect(document.documentElement.lang).toBe('nl'));

    await user.click(
      within(screen.getByRole('navigation', { name: 'Taal' })).getByRole('link', { name: 'EN English' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'About ReviewRoute' })).toBeTruthy();
    expect(pathname(router)).toBe('/about');
    expect(window.localStorage.getItem(languageStorageKey)).toBe('en');
  });

  it('public pages share a header and footer with localized links', async () => {
    window.localStorage.setItem(languageStorageKey, 'nl');
    renderApp('/nl/contact');
    await screen.findByRole('heading', { level: 1, name: 'Neem contact op' });
    const footer = screen.getByRole('navigation', { name: 'Voettekst' });
    const hrefs = [...footer.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/nl/over-ons', '/nl/privacy', '/nl/contact', '/nl/voorwaarden']);
    expect(screen.getByRole('link', { name: 'Inloggen' }).getAttribute('href')).toBe('/nl/auth?tab=signin');
    expect(screen.getByRole('link', { name: 'ReviewRoute startpagina' }).getAttribute('href')).toBe('/nl');
  });
});

describe('404', () => {
  it('shows the not-found page and logs the miss', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/does-not-exist');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to home' }).getAttribute('href')).toBe('/');
    expect(error).toHaveBeenCalledWith('404 Error: User attempted to access non-existent route:', '/does-not-exist');
  });

  it('is Dutch under /nl, with the way home to /nl', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    window.localStorage.setItem(languageStorageKey, 'nl');
    renderApp('/nl/bestaat-niet');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oeps! Pagina niet gevonden' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terug naar de startpagina' }).getAttribute('href')).toBe('/nl');
  });

  it('an English slug of a Dutch-only page is not an English route', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/over-ons');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeTruthy();
  });
});

describe('guarded pages', () => {
  it.each(['/dashboard', '/account', '/survey-setup'])('%s sends signed-out visitors to /auth', async (path) => {
    const { router } = renderApp(path, null);
    expect((await screen.findByRole('tab', { name: 'Sign in' })).getAttribute('aria-selected')).toBe('true');
    expect(pathname(router)).toBe('/auth');
  });

  it('sends signed-out visitors of /nl/dashboard to /nl/auth', async () => {
    window.localStorage.setItem(languageStorageKey, 'nl');
    const { router } = renderApp('/nl/dashboard', null);
    expect(await screen.findByRole('tab', { name: 'Registreren' })).toBeTruthy();
    expect(pathname(router)).toBe('/nl/auth');
  });

  it('shows a loading state, not the sign-in page, while the session resolves', async () => {
    const currentUser = deferred<unknown>();
    amplify.getCurrentUser.mockReturnValue(currentUser.promise);
    amplify.fetchAuthSession.mockResolvedValue(sessionWithEmail(owner.email));
    // No session seeded: the session query runs and waits for Amplify.
    const { router } = renderWithApp(null, { path: '/dashboard', routes });
    expect((await screen.findByRole('status')).textContent).toContain('Loading…');
    expect(pathname(router)).toBe('/dashboard');
    await act(async () => currentUser.resolve({ userId: owner.userId, username: owner.userId }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
  });

  it('the dashboard shows the shell: sidebar, empty state, trigger, and the e-mail from GET /api/me', async () => {
    const { user } = renderApp('/dashboard', owner);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create new survey' }).getAttribute('href')).toBe('/survey-setup');
    expect(await screen.findByText('Get started!')).toBeTruthy();
    expect(screen.getByText('Business surveys')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Toggle sidebar' }).length).toBeGreaterThan(0);
    expect((await screen.findByTestId('me-email')).textContent).toContain('api-owner@shop.nl');
    expect(meAuthorization).toBe('Bearer id-token');

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect((await screen.findByTestId('account-email')).textContent).toBe('api-owner@shop.nl');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toBeTruthy();
  });

  it('Settings opens /account inside the same shell', async () => {
    const { user, router } = renderApp('/dashboard', owner);
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account settings' })).toBeTruthy();
    expect(pathname(router)).toBe('/account');
  });

  it('Sign out signs out and lands on the localized /auth', async () => {
    amplify.signOut.mockResolvedValue(undefined);
    window.localStorage.setItem(languageStorageKey, 'nl');
    const { user, router } = renderApp('/nl/dashboard', owner);
    await user.click(await screen.findByRole('button', { name: 'Accountmenu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Uitloggen' }));
    expect((await screen.findByRole('tab', { name: 'Inloggen' })).getAttribute('aria-selected')).toBe('true');
    expect(pathname(router)).toBe('/nl/auth');
    expect(amplify.signOut).toHaveBeenCalledOnce();
  });

  it('the Create new survey link leads to the guarded wizard', async () => {
    const { user, router } = renderApp('/dashboard', owner);
    await user.click(await screen.findByRole('link', { name: 'Create new survey' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Survey setup' })).toBeTruthy();
    expect(pathname(router)).toBe('/survey-setup');
  });
});

describe('/payments, in the public site header', () => {
  it('offers a signed-in owner the way back to the dashboard instead of log in and the trial', async () => {
    const { user, router } = renderApp('/payments', owner);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const dashboard = await within(nav).findByRole('link', { name: 'Dashboard' });
    expect(within(nav).queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Start free trial' })).toBeNull();
    await user.click(dashboard);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(pathname(router)).toBe('/dashboard');
  });

  it('offers visitors log in and the trial', async () => {
    renderApp('/payments', null);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Start free trial' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from '../support/browser';
import { TEST_PASSWORD, uniqueEmail } from '../support/cognito';
import { confirmWithInboxCode, submitSignIn, submitSignUp, texts, waitForPath, type Lang } from '../support/app-flows';

const languages: { lang: Lang; locale: string }[] = [
  { lang: 'en', locale: 'en-US' },
  { lang: 'nl', locale: 'nl-NL' },
];

describe.each(languages)('sign-up and sign-in ($lang)', ({ lang, locale }) => {
  const b = useBrowser({ locale, reducedMotion: 'reduce' });
  const t = texts[lang];

  it('signs up, confirms with the code from the local inbox, signs in, reaches the dashboard and signs out', async () => {
    const page = b.page();
    const email = uniqueEmail(`e2e-${lang}`);
    await page.goto(`${t.prefix}/auth`);
    expect(await page.getByRole('tab', { name: t.signUpTab }).getAttribute('aria-selected')).toBe('true');

    await submitSignUp(page, lang, email, TEST_PASSWORD);
    expect(await page.getByTestId('confirm-email').textContent()).toContain(email);
    await confirmWithInboxCode(page, lang, email);

    // After confirmation the sign-in tab is active with the e-mail filled in.
    const signInPanel = page.getByRole('tabpanel', { name: t.signInTab });
    await signInPanel.waitFor();
    expect(await signInPanel.getByLabel(t.email).inputValue()).toBe(email);
    await signInPanel.getByLabel(t.password, { exact: true }).fill(TEST_PASSWORD);
    await signInPanel.getByRole('button', { name: t.signIn }).click();

    await waitForPath(page, `${t.prefix}/dashboard`);
    // The e-mail shown comes from GET /api/me: the whole chain (JWT -> gateway -> handler) worked.
    await page.getByTestId('me-email').filter({ hasText: email }).waitFor();
    await page.getByText(t.emptySurveys).waitFor();
    await expectNoAxeViolations(page);

    // A signed-in visitor of /auth is sent to the dashboard.
    await page.goto(`${t.prefix}/auth`);
    await waitForPath(page, `${t.prefix}/dashboard`);

    await page.getByRole('button', { name: t.accountMenu }).click();
    expect(await page.getByTestId('account-email').textContent()).toContain(email);
    await page.getByRole('menuitem', { name: t.signOut }).click();
    await waitForPath(page, `${t.prefix}/auth`);

    // Signed out for real: the dashboard sends us back to /auth.
    await page.goto(`${t.prefix}/dashboard`);
    await waitForPath(page, `${t.prefix}/auth`);
  });
});

describe('auth errors and guards', () => {
  const b = useBrowser({ reducedMotion: 'reduce' });

  it('shows the service message for a wrong confirmation code and keeps the user on the code step', async () => {
    const page = b.page();
    const email = uniqueEmail('e2e-wrong-code');
    await page.goto('/auth');
    await submitSignUp(page, 'en', email, TEST_PASSWORD);
    await page.getByLabel('Confirmation code').fill('000000');
    await page.getByRole('button', { name: 'Confirm email' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/code/i);
    expect(await page.getByRole('heading', { name: 'Confirm your email' }).isVisible()).toBe(true);
  });

  it('shows the service message for a wrong password and stays signed out', async () => {
    const page = b.page();
    const email = uniqueEmail('e2e-wrong-password');
    await page.goto('/auth');
    await submitSignUp(page, 'en', email, TEST_PASSWORD);
    await confirmWithInboxCode(page, 'en', email);
    await page.getByRole('tabpanel', { name: 'Sign in' }).waitFor();
    await submitSignIn(page, 'en', email, 'Wrong-passw0rd!');
    const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/password/i);
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  it('sends a signed-out visitor of /dashboard and /account to /auth', async () => {
    const page = b.page();
    await page.goto('/dashboard');
    await waitForPath(page, '/auth');
    await page.goto('/account');
    await waitForPath(page, '/auth');
  });

  it('has no axe violations on /auth', async () => {
    const page = b.page();
    await page.goto('/auth');
    await page.getByRole('heading', { name: 'Welcome to ReviewRoute' }).waitFor();
    await expectNoAxeViolations(page);
  });
});

import { fileURLToPath } from 'node:url';
import { SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, saveScreenshot, useBrowser } from '../support/browser';
import { TEST_PASSWORD, cognitoClient, createConfirmedUser, uniqueEmail } from '../support/cognito';
import { confirmWithInboxCode, submitSignIn, submitSignUp, texts, waitForPath, type Lang } from '../support/app-flows';

const languages: { lang: Lang; locale: string }[] = [
  { lang: 'en', locale: 'en-US' },
  { lang: 'nl', locale: 'nl-NL' },
];

/** The auth page's own messages, exactly as the catalogues have them. */
const authTexts = {
  en: {
    login: 'Log in',
    codeMismatch: 'This code is not correct',
    wrongCredentials: 'Incorrect email address or password',
    emailTaken: 'An account with this email address already exists',
    signInInstead: 'Sign in instead',
    passwordRequirements: 'Password requirements',
    passwordPolicy: 'Choose a password that meets every requirement below',
    unconfirmed: 'not confirmed yet',
    welcome: 'Welcome to ReviewRoute!',
  },
  nl: {
    login: 'Inloggen',
    codeMismatch: 'Deze code klopt niet',
    wrongCredentials: 'Onjuist e-mailadres of wachtwoord',
    emailTaken: 'Er bestaat al een account met dit e-mailadres',
    signInInstead: 'Inloggen met dit adres',
    passwordRequirements: 'Wachtwoordeisen',
    passwordPolicy: 'Kies een wachtwoord dat aan alle eisen hieronder voldoet',
    unconfirmed: 'nog niet bevestigd',
    welcome: 'Welkom bij ReviewRoute!',
  },
} as const;

/** Never shown to an owner: the emulator's and Cognito's own English texts. */
const serviceTexts = /User already exists|Incorrect confirmation code|Invalid password|Incorrect username|conform/i;

const screenshots = fileURLToPath(new URL('../.artifacts/screenshots/auth/', import.meta.url));

/**
 * Screenshots at phone and desktop width for a person to look at (git-ignored), axe on the state shown, and at
 * 360 px no horizontal overflow.
 */
async function lookAt(page: Page, name: string): Promise<void> {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    if (width === 360) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name}: horizontal overflow at 360 px`).toBeLessThanOrEqual(0);
    }
    await saveScreenshot(page, `${screenshots}${name}-${width}.png`, { fullPage: true });
  }
  await expectNoAxeViolations(page);
}

/**
 * Counts from now on every value typed into a password field of the page, so a test can say the owner was never
 * asked for the password again. Returns the count so far.
 */
async function countPasswordFills(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const counter = window as unknown as { passwordFills: number };
    counter.passwordFills = 0;
    document.addEventListener(
      'input',
      (event) => {
        if (event.target instanceof HTMLInputElement && event.target.type === 'password') counter.passwordFills++;
      },
      true,
    );
  });
  return () => page.evaluate(() => (window as unknown as { passwordFills: number }).passwordFills);
}

/** The page's error alert, which must say `message` in the page language and nothing of the service's text. */
async function expectAuthError(page: Page, message: string): Promise<void> {
  const alert = page.getByTestId('auth-error');
  // Polls the text rather than waiting for it, so a failure says what the alert did say.
  await expect
    .poll(async () => ((await alert.count()) ? alert.textContent() : 'no alert'), { timeout: 30_000 })
    .toContain(message);
  expect(await alert.textContent()).not.toMatch(serviceTexts);
}

describe.each(languages)('sign-up and sign-in ($lang)', ({ lang, locale }) => {
  const b = useBrowser({ locale, reducedMotion: 'reduce' });
  const t = texts[lang];
  const a = authTexts[lang];
  const stack = () => inject('localStack');

  it('signs up, confirms with the code from the local inbox, lands signed in on the dashboard and signs out', async () => {
    const page = b.page();
    const email = uniqueEmail(`e2e-${lang}`);
    await page.goto(`${t.prefix}/auth`);
    expect(await page.getByRole('tab', { name: t.signUpTab }).getAttribute('aria-selected')).toBe('true');
    await lookAt(page, `${lang}-sign-up`);

    await submitSignUp(page, lang, email, TEST_PASSWORD);
    expect(await page.getByTestId('confirm-email').textContent()).toContain(email);
    // The code confirms the address and signs the owner in: nobody types the password twice (decisions 4).
    const passwordFills = await countPasswordFills(page);
    await confirmWithInboxCode(page, lang, email);
    await waitForPath(page, `${t.prefix}/dashboard`);
    expect(await passwordFills(), 'password fields filled after the code').toBe(0);
    await page.getByText(a.welcome).first().waitFor();
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
    // Whoever just signed out comes back to sign in.
    await page.getByRole('tab', { name: t.signInTab, selected: true }).waitFor();

    // Signed out for real: the dashboard sends us back to /auth.
    await page.goto(`${t.prefix}/dashboard`);
    await waitForPath(page, `${t.prefix}/auth`);
  });

  it("the header's log-in link opens the sign-in tab", async () => {
    const page = b.page();
    await page.goto(t.prefix || '/');
    await page.getByRole('banner').getByRole('link', { name: a.login, exact: true }).click();
    await waitForPath(page, `${t.prefix}/auth`);
    expect(new URL(page.url()).search).toBe('?tab=signin');
    await page.getByRole('tab', { name: t.signInTab, selected: true }).waitFor();
    await page.getByRole('tabpanel', { name: t.signInTab }).getByLabel(t.email).waitFor();
  });

  it('a wrong confirmation code is explained in the page language and keeps the user on the code step', async () => {
    const page = b.page();
    await page.goto(`${t.prefix}/auth`);
    await submitSignUp(page, lang, uniqueEmail(`e2e-wrong-code-${lang}`), TEST_PASSWORD);
    await page.getByLabel(t.code).fill('000000');
    await page.getByRole('button', { name: t.confirm }).click();
    await expectAuthError(page, a.codeMismatch);
    expect(await page.getByRole('heading', { name: t.confirmHeading }).isVisible()).toBe(true);
    await lookAt(page, `${lang}-wrong-code`);

    // Typing a new code clears the old answer.
    await page.getByLabel(t.code).fill('12345');
    await page.getByTestId('auth-error').waitFor({ state: 'detached' });
  });

  it('a wrong password and an unknown address get one message in the page language, and the user stays signed out', async () => {
    const page = b.page();
    const owner = await createConfirmedUser(stack());
    await page.goto(`${t.prefix}/auth?tab=signin`);
    await submitSignIn(page, lang, owner.email, 'Wrong-passw0rd!');
    await expectAuthError(page, a.wrongCredentials);
    expect(new URL(page.url()).pathname).toBe(`${t.prefix}/auth`);
    await lookAt(page, `${lang}-wrong-password`);

    await submitSignIn(page, lang, uniqueEmail('e2e-nobody'), 'Wrong-passw0rd!');
    await expectAuthError(page, a.wrongCredentials);
  });

  it('an existing address offers sign-in instead, and that signs in', async () => {
    const page = b.page();
    const owner = await createConfirmedUser(stack());
    await page.goto(`${t.prefix}/auth`);
    const signUpPanel = page.getByRole('tabpanel', { name: t.signUpTab });
    await signUpPanel.getByLabel(t.email).fill(owner.email);
    await signUpPanel.getByLabel(t.password, { exact: true }).fill(TEST_PASSWORD);
    await signUpPanel.getByRole('button', { name: t.createAccount }).click();
    await expectAuthError(page, a.emailTaken);
    await lookAt(page, `${lang}-email-taken`);

    await page.getByTestId('auth-error').getByRole('button', { name: a.signInInstead }).click();
    const signInPanel = page.getByRole('tabpanel', { name: t.signInTab });
    await signInPanel.waitFor();
    expect(new URL(page.url()).search).toBe('?tab=signin');
    expect(await signInPanel.getByLabel(t.email).inputValue()).toBe(owner.email);
    // The password field has the focus: the owner types and presses Enter.
    await page.keyboard.type(owner.password);
    await page.keyboard.press('Enter');
    await waitForPath(page, `${t.prefix}/dashboard`);
    await page.getByTestId('me-email').filter({ hasText: owner.email }).waitFor();
  });

  it('checks the password policy while typing and refuses a weak password before asking the server', async () => {
    const page = b.page();
    await page.goto(`${t.prefix}/auth`);
    const panel = page.getByRole('tabpanel', { name: t.signUpTab });
    const rules = panel.getByRole('list', { name: a.passwordRequirements });
    const met = () => rules.locator('li[data-met="true"]').count();
    expect(await met()).toBe(0);
    await panel.getByLabel(t.email).fill(uniqueEmail('e2e-weak'));
    await panel.getByLabel(t.password, { exact: true }).pressSequentially('weakpass');
    expect(await met()).toBe(2);
    await panel.getByRole('button', { name: t.createAccount }).click();
    await panel.getByText(a.passwordPolicy).waitFor();
    expect(await panel.getByLabel(t.password, { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await lookAt(page, `${lang}-weak-password`);

    await panel.getByLabel(t.password, { exact: true }).pressSequentially('W1!');
    expect(await met()).toBe(5);
  });
});

describe('auth flows against the local user pool', () => {
  const b = useBrowser({ reducedMotion: 'reduce' });
  const stack = () => inject('localStack');

  it('an unconfirmed account signing in is taken to the code step, and the code confirms it and signs in', async () => {
    const page = b.page();
    const email = uniqueEmail('e2e-unconfirmed');
    const client = cognitoClient(stack());
    try {
      await client.send(
        new SignUpCommand({
          ClientId: stack().webConfig.userPoolClientId,
          Username: email,
          Password: TEST_PASSWORD,
          UserAttributes: [{ Name: 'email', Value: email }],
        }),
      );
    } finally {
      client.destroy();
    }
    await page.goto('/auth?tab=signin');
    await submitSignIn(page, 'en', email, TEST_PASSWORD);
    await page.getByRole('heading', { name: texts.en.confirmHeading }).waitFor();
    expect(await page.getByTestId('confirm-email').textContent()).toContain(authTexts.en.unconfirmed);
    await confirmWithInboxCode(page, 'en', email);
    // Signed in with the password typed a moment ago, not asked for it again.
    await waitForPath(page, '/dashboard');
    await page.getByTestId('me-email').filter({ hasText: email }).waitFor();
  });

  it('says in Dutch when the auth service cannot be reached', async () => {
    const page = b.page();
    const cognito = new URL(stack().urls.cognito).origin;
    await page.route(
      (url) => url.origin === cognito,
      (route) => route.abort('internetdisconnected'),
    );
    await page.goto('/nl/auth?tab=signin');
    await submitSignIn(page, 'nl', uniqueEmail('e2e-offline'), TEST_PASSWORD);
    await expectAuthError(page, 'Geen verbinding');
  });

  it('sends a signed-out visitor of /dashboard and /account to the sign-in tab of /auth', async () => {
    const page = b.page();
    await page.goto('/dashboard');
    await waitForPath(page, '/auth');
    await page.getByRole('tab', { name: 'Sign in', selected: true }).waitFor();
    await page.goto('/account');
    await waitForPath(page, '/auth');
  });
});

import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { pathOf } from '@reviewroute/shared';
import { signInThroughUi, submitSignIn, texts, waitForPath, type Lang } from '../support/app-flows';
import { callApi } from '../support/api';
import { expectNoAxeViolations, saveScreenshot, useBrowser } from '../support/browser';
import { createConfirmedUser, signIn, signInRefusal } from '../support/cognito';
import { waitForMail } from '../support/inbox';
import { TestAuthenticator, enableTotp } from '../support/totp';

/**
 * Proofs that match the account: with two-step verification on, deleting the account takes a code besides the
 * password, and a recovery code (shown once at set-up) stands in for a lost phone at sign-in, once.
 */

const stack = inject('localStack');
const screenshots = fileURLToPath(new URL('../.artifacts/screenshots/two-step-proofs/', import.meta.url));

/** The texts these flows meet, exactly as the catalogues have them. */
const proofTexts = {
  en: {
    deleteAccount: 'Delete account',
    confirmDelete: 'Delete my account',
    emailLabel: 'Type your e-mail address',
    passwordLabel: 'Your password',
    codeLabel: 'Code from your authenticator app',
    wrongCode: 'The code is not correct or was used already.',
    setUpTotp: 'Set up two-factor authentication',
    totpCode: 'Code from your app',
    setupPassword: 'Password',
    turnOn: 'Turn on',
    continueSetUp: 'Continue',
    saved: 'I have saved my codes',
    on: 'On',
    off: 'Off',
    signInCode: 'Authentication code',
    useRecoveryCode: 'Lost your phone? Use a recovery code',
    recoveryCode: 'Recovery code',
    recoverySubmit: 'Sign in',
    recoveredSubject: 'Someone signed in to your ReviewRoute account with a recovery code',
  },
  nl: {
    deleteAccount: 'Account verwijderen',
    confirmDelete: 'Mijn account verwijderen',
    emailLabel: 'Typ je e-mailadres',
    passwordLabel: 'Je wachtwoord',
    codeLabel: 'Code uit je authenticator-app',
    wrongCode: 'De code klopt niet of is al gebruikt.',
    setUpTotp: 'Tweestapsverificatie instellen',
    totpCode: 'Code uit je app',
    setupPassword: 'Wachtwoord',
    turnOn: 'Aanzetten',
    continueSetUp: 'Doorgaan',
    saved: 'Ik heb mijn codes bewaard',
    on: 'Aan',
    off: 'Uit',
    signInCode: 'Verificatiecode',
    useRecoveryCode: 'Telefoon kwijt? Gebruik een herstelcode',
    recoveryCode: 'Herstelcode',
    recoverySubmit: 'Inloggen',
    recoveredSubject: 'Iemand is met een herstelcode ingelogd op je ReviewRoute-account',
  },
} as const;

/** Screenshots at phone and laptop width for a person to look at (git-ignored). */
async function lookAt(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await saveScreenshot(page, `${screenshots}${name}-${width}.png`);
  }
}

/** Sets two-step verification up on the security tab as an owner does; answers the app and the codes shown once. */
async function setUpTwoStep(page: Page, lang: Lang, password: string, previous?: TestAuthenticator) {
  const s = proofTexts[lang];
  await page.goto(`${texts[lang].prefix}/account?tab=security`);
  await page.getByRole('button', { name: s.setUpTotp }).click();
  // The password first (the recovery codes and the secret), then the app's first code.
  await page.getByLabel(s.setupPassword, { exact: true }).fill(password);
  await page.getByRole('button', { name: s.continueSetUp }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
  const app = new TestAuthenticator(secret, previous);
  await page.getByLabel(s.totpCode).fill(await app.nextCode());
  await page.getByRole('button', { name: s.turnOn }).click();
  await expect.poll(() => page.getByTestId('totp-status').textContent()).toBe(s.on);
  const codes = await page.getByTestId('recovery-codes').getByRole('listitem').allTextContents();
  return { app, codes };
}

async function signOut(page: Page, lang: Lang): Promise<void> {
  const t = texts[lang];
  await page.getByRole('button', { name: t.accountMenu }).click();
  await page.getByRole('menuitem', { name: t.signOut }).click();
  await waitForPath(page, `${t.prefix}/auth`);
}

for (const lang of ['en', 'nl'] as const) {
  describe(`deleting an account with two-step verification on (${lang})`, () => {
    const b = useBrowser({ locale: lang === 'nl' ? 'nl-NL' : 'en-US', reducedMotion: 'reduce' });
    const s = proofTexts[lang];
    const t = texts[lang];

    it(
      'is refused without the code and with a wrong one, and done with a current code',
      { timeout: 120_000 },
      async () => {
        const page = b.page();
        const owner = await createConfirmedUser(stack, { locale: lang });
        const tokens = await signIn(stack, owner.email, owner.password);
        const app = await enableTotp(stack.urls.api, { ...owner, tokens });

        // The API itself refuses the password alone: the browser's form is not what protects the account.
        const passwordOnly = await callApi('DELETE', pathOf('delete-account'), {
          user: { ...owner, tokens },
          body: { email: owner.email, password: owner.password },
        });
        expect(passwordOnly.status).toBe(403);
        expect(passwordOnly.body).toMatchObject({ error: { code: 'INCORRECT_CODE' } });

        await page.goto(`${t.prefix}/auth`);
        await page.getByRole('tab', { name: t.signInTab }).click();
        await submitSignIn(page, lang, owner.email, owner.password);
        await page.getByLabel(s.signInCode).fill(await app.nextCode());
        await page.getByLabel(s.signInCode).press('Enter');
        await waitForPath(page, `${t.prefix}/dashboard`);
        await page.goto(`${t.prefix}/account?tab=danger`);
        await page.getByRole('button', { name: s.deleteAccount }).click();
        const dialog = page.getByRole('alertdialog');
        const confirm = dialog.getByRole('button', { name: s.confirmDelete });
        await dialog.getByLabel(s.emailLabel).fill(owner.email);
        await dialog.getByLabel(s.passwordLabel).fill(owner.password);
        // The code field is there, and without it nothing can be confirmed.
        await dialog.getByLabel(s.codeLabel).waitFor();
        expect(await confirm.isDisabled()).toBe(true);
        await dialog.getByLabel(s.codeLabel).fill('000000');
        await confirm.click();
        await dialog.getByText(s.wrongCode).waitFor();
        expect(await dialog.getByLabel(s.codeLabel).getAttribute('aria-invalid')).toBe('true');
        await expectNoAxeViolations(page);
        await lookAt(page, `${lang}-delete-with-code`);
        await page.setViewportSize({ width: 1280, height: 900 });

        await dialog.getByLabel(s.codeLabel).fill(await app.nextCode());
        await confirm.click();
        await page.waitForURL((url) => url.pathname === (t.prefix || '/'));
        expect(await signInRefusal(stack, owner)).toMatch(/NotAuthorizedException|UserNotFoundException/);
      },
    );
  });
}

describe('signing in with a recovery code (en)', () => {
  const b = useBrowser({ locale: 'en-US', reducedMotion: 'reduce' });
  const s = proofTexts.en;
  const t = texts.en;

  /** From the sign-in tab to the recovery code step, with the password. */
  async function toRecoveryStep(page: Page, owner: { email: string; password: string }) {
    await page.getByRole('tab', { name: t.signInTab }).click();
    await submitSignIn(page, 'en', owner.email, owner.password);
    await page.getByLabel(s.signInCode).waitFor();
    await page.getByRole('button', { name: s.useRecoveryCode }).click();
    await page.getByLabel(s.recoveryCode, { exact: true }).waitFor();
  }

  it(
    'signs in once with a code, not twice; two-step verification is then off and set up again',
    { timeout: 150_000 },
    async () => {
      const page = b.page();
      const owner = await signInThroughUi(page, 'en');
      const { app, codes } = await setUpTwoStep(page, 'en', owner.password);
      expect(codes).toHaveLength(10);
      await lookAt(page, 'en-recovery-codes-shown');
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: s.saved }).click();
      expect(await page.getByTestId('recovery-codes').count()).toBe(0);
      await page.getByTestId('recovery-remaining').waitFor();
      await lookAt(page, 'en-recovery-codes-left');
      await signOut(page, 'en');

      await toRecoveryStep(page, owner);
      await lookAt(page, 'en-recovery-sign-in');
      await expectNoAxeViolations(page);
      await page.getByLabel(s.recoveryCode, { exact: true }).fill(codes[0]!);
      await page.getByRole('button', { name: s.recoverySubmit, exact: true }).click();
      // Signed in and sent to set two-step verification up again.
      await waitForPath(page, '/account');
      await expect.poll(() => page.getByTestId('totp-status').textContent()).toBe(s.off);
      const notice = await waitForMail(stack.urls.inbox, owner.email, { subject: s.recoveredSubject });
      expect(notice.body.text).toContain('support@reviewroute.local');

      // Set up again (a new set of codes); the code already used signs in no more.
      await setUpTwoStep(page, 'en', owner.password, app);
      await page.getByRole('button', { name: s.saved }).click();
      await signOut(page, 'en');
      await toRecoveryStep(page, owner);
      await page.getByLabel(s.recoveryCode, { exact: true }).fill(codes[0]!);
      await page.getByRole('button', { name: s.recoverySubmit, exact: true }).click();
      await page.getByTestId('auth-error').waitFor();
      expect(await page.getByTestId('auth-error').getAttribute('data-error')).toBe('recoveryCodeMismatch');
      expect(new URL(page.url()).pathname).toBe('/auth');
    },
  );
});

import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { signInThroughUi, submitSignIn, texts, waitForPath, type Lang } from '../support/app-flows';
import { expectNoAxeViolations, saveScreenshot, useBrowser } from '../support/browser';
import { createConfirmedUser, uniqueEmail, type TestUser } from '../support/cognito';
import { extractCode, waitForMail } from '../support/inbox';
import { mailField, mailTimesBetween } from '../support/mail-time';
import { TestAuthenticator } from '../support/totp';

/** The security tab's and the auth page's texts, exactly as the catalogues have them. */
const securityTexts = {
  en: {
    newEmail: 'Email address',
    updateEmail: 'Update email',
    emailCode: 'Verification code',
    confirmEmail: 'Confirm new email',
    emailUpdated: 'Email updated',
    sendReset: 'Send reset code',
    resetCode: 'Reset code',
    newPassword: 'New password',
    setPassword: 'Set new password',
    passwordChanged: 'Password changed',
    forgotPassword: 'Forgot password?',
    setUpTotp: 'Set up two-factor authentication',
    totpCode: 'Code from your app',
    turnOn: 'Turn on',
    continueSetUp: 'Continue',
    turnOff: 'Turn off two-factor authentication',
    currentPassword: 'Current password',
    offPassword: 'Password',
    confirmOff: 'Turn off',
    wrongPassword: 'The password is not correct.',
    wrongCode: 'The code is not correct or was used already.',
    totpCodeRequired: 'Enter the 6-digit code from your app or a recovery code',
    savedCodes: 'I have saved my codes',
    totpOffSubject: 'Two-step verification was turned off for your ReviewRoute account',
    emailNoticeSubject: 'The email address of your ReviewRoute account is being changed',
    on: 'On',
    off: 'Off',
    signInCode: 'Authentication code',
    verify: 'Verify and sign in',
    resetSubject: 'Your ReviewRoute password reset code',
    emailChangeSubject: 'Confirm your new ReviewRoute email address',
  },
  nl: {
    newEmail: 'E-mailadres',
    updateEmail: 'E-mailadres wijzigen',
    emailCode: 'Verificatiecode',
    confirmEmail: 'Nieuw e-mailadres bevestigen',
    emailUpdated: 'E-mailadres gewijzigd',
    sendReset: 'Herstelcode versturen',
    resetCode: 'Herstelcode',
    newPassword: 'Nieuw wachtwoord',
    setPassword: 'Nieuw wachtwoord instellen',
    passwordChanged: 'Wachtwoord gewijzigd',
    forgotPassword: 'Wachtwoord vergeten?',
    setUpTotp: 'Tweestapsverificatie instellen',
    totpCode: 'Code uit je app',
    turnOn: 'Aanzetten',
    continueSetUp: 'Doorgaan',
    turnOff: 'Tweestapsverificatie uitzetten',
    currentPassword: 'Huidig wachtwoord',
    offPassword: 'Wachtwoord',
    confirmOff: 'Uitzetten',
    wrongPassword: 'Het wachtwoord klopt niet.',
    wrongCode: 'De code klopt niet of is al gebruikt.',
    totpCodeRequired: 'Vul de 6-cijferige code uit je app of een herstelcode in',
    savedCodes: 'Ik heb mijn codes bewaard',
    totpOffSubject: 'Verificatie in twee stappen is uitgezet voor je ReviewRoute-account',
    emailNoticeSubject: 'Het e-mailadres van je ReviewRoute-account wordt gewijzigd',
    on: 'Aan',
    off: 'Uit',
    signInCode: 'Verificatiecode',
    verify: 'Controleren en inloggen',
    resetSubject: 'Je ReviewRoute-code om je wachtwoord te herstellen',
    emailChangeSubject: 'Bevestig je nieuwe ReviewRoute-e-mailadres',
  },
} as const;

const NEW_PASSWORD = 'An0ther-secret!';
const screenshots = fileURLToPath(new URL('../.artifacts/screenshots/account-security/', import.meta.url));
const stack = () => inject('localStack');

/** A confirmed account whose Cognito mails are in `lang` (the app stores the locale at sign-up the same way). */
const createUserIn = (lang: Lang): Promise<TestUser> =>
  createConfirmedUser(stack(), { email: uniqueEmail(`security-${lang}`), locale: lang });

async function openSecurityTab(page: Page, lang: Lang): Promise<void> {
  await page.goto(`${texts[lang].prefix}/account?tab=security`);
  await page
    .getByRole('heading', { name: securityTexts[lang].setUpTotp.split(' ')[0] })
    .first()
    .waitFor();
}

async function signOut(page: Page, lang: Lang): Promise<void> {
  const t = texts[lang];
  await page.getByRole('button', { name: t.accountMenu }).click();
  await page.getByRole('menuitem', { name: t.signOut }).click();
  await waitForPath(page, `${t.prefix}/auth`);
}

/** Screenshots at phone and desktop width for a person to look at (git-ignored). */
async function lookAt(page: Page, name: string): Promise<void> {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, `${screenshots}${name}-${width}.png`, { fullPage: true });
    // The security content itself (the account page's tab list is the shell's).
    const overflow = await page.evaluate(() => {
      const content = document.querySelector('[role="tabpanel"]') ?? document.querySelector('main')!;
      return content.scrollWidth - content.clientWidth;
    });
    expect(overflow, `${name}: horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
  }
}

describe('account security (en)', () => {
  const b = useBrowser({ locale: 'en-US', reducedMotion: 'reduce' });
  const s = securityTexts.en;

  it('changes the e-mail address only with the password, tells the old address, and the new address signs in', async () => {
    const page = b.page();
    const owner = await signInThroughUi(page, 'en');
    await openSecurityTab(page, 'en');
    const update = page.getByRole('button', { name: s.updateEmail });
    // Unchanged address: nothing to update.
    expect(await update.isDisabled()).toBe(true);
    const newEmail = uniqueEmail('moved');
    await page.getByLabel(s.newEmail, { exact: true }).fill(newEmail);
    expect(await update.isEnabled()).toBe(true);
    // A wrong password is refused at its field; no code is sent.
    await page.getByLabel(s.currentPassword).fill('Wr0ng-password!');
    await update.click();
    await page.getByText(s.wrongPassword).waitFor();
    expect(await page.getByLabel(s.currentPassword).getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);
    await page.getByLabel(s.currentPassword).fill(owner.password);
    await update.click();

    const mail = await waitForMail(stack().urls.inbox, newEmail, { subject: s.emailChangeSubject });
    // The old address is told, with how to get help.
    const notice = await waitForMail(stack().urls.inbox, owner.email, { subject: s.emailNoticeSubject });
    expect(notice.body.text).toContain(newEmail);
    expect(notice.body.text).toContain('support@reviewroute.local');
    await page.getByLabel(s.emailCode).waitFor();
    await lookAt(page, 'en-email-code');
    // Until the code is confirmed the old address is still the account's.
    expect(await page.getByTestId('email-code-description').textContent()).toContain(owner.email);
    await page.getByLabel(s.emailCode).fill(extractCode(mail));
    await page.getByRole('button', { name: s.confirmEmail }).click();
    await page.getByText(s.emailUpdated).first().waitFor();

    // The header shows the new address.
    await page.getByRole('button', { name: texts.en.accountMenu }).click();
    await expect.poll(() => page.getByTestId('account-email').textContent()).toContain(newEmail);
    await page.keyboard.press('Escape');
    await signOut(page, 'en');

    await submitSignIn(page, 'en', owner.email, owner.password);
    await page.getByTestId('auth-error').waitFor();
    await signInThroughUi(page, 'en', { ...owner, email: newEmail });
  });

  it('resets the password by code from the security tab', async () => {
    const page = b.page();
    const owner = await signInThroughUi(page, 'en');
    await openSecurityTab(page, 'en');
    const before = await waitForMail(stack().urls.inbox, owner.email);
    await page.getByRole('button', { name: s.sendReset }).click();
    const mail = await waitForMail(stack().urls.inbox, owner.email, { after: before, subject: s.resetSubject });
    await page.getByLabel(s.resetCode).fill(extractCode(mail));
    await page.getByLabel(s.newPassword, { exact: true }).fill(NEW_PASSWORD);
    expect(await page.getByTestId('password-checklist').isVisible()).toBe(true);
    await lookAt(page, 'en-reset-code');
    await page.getByRole('button', { name: s.setPassword }).click();
    await page.getByText(s.passwordChanged).first().waitFor();
    await signOut(page, 'en');
    await signInThroughUi(page, 'en', { ...owner, password: NEW_PASSWORD });
  });

  it('turns on TOTP (codes computed from the secret on screen), signs in with it, and turns it off only with a code', async () => {
    const page = b.page();
    const owner = await signInThroughUi(page, 'en', await createConfirmedUser(stack()));
    await openSecurityTab(page, 'en');
    expect(await page.getByTestId('totp-status').textContent()).toBe(s.off);
    await page.getByRole('button', { name: s.setUpTotp }).click();
    // The password first: the API proves it, makes the recovery codes (shown once it is on) and answers the secret.
    await page.getByLabel(s.offPassword, { exact: true }).fill('Wr0ng-password!');
    await page.getByRole('button', { name: s.continueSetUp }).click();
    await page.getByText(s.wrongPassword).waitFor();
    await lookAt(page, 'en-totp-password');
    await page.getByLabel(s.offPassword, { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: s.continueSetUp }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
    expect(await page.getByRole('img', { name: /QR code/ }).isVisible()).toBe(true);
    await lookAt(page, 'en-totp-setup');
    await expectNoAxeViolations(page);
    const app = new TestAuthenticator(secret);
    await page.getByLabel(s.totpCode).fill(await app.nextCode());
    await page.getByRole('button', { name: s.turnOn }).click();
    await expect.poll(() => page.getByTestId('totp-status').textContent()).toBe(s.on);
    expect(await page.getByTestId('recovery-codes').getByRole('listitem').count()).toBe(10);
    await page.getByRole('button', { name: s.savedCodes }).click();
    await signOut(page, 'en');

    // Sign-in now asks for the code.
    await page.getByRole('tab', { name: texts.en.signInTab }).click();
    await submitSignIn(page, 'en', owner.email, owner.password);
    await page.getByLabel(s.signInCode).waitFor();
    await lookAt(page, 'en-totp-sign-in');
    await expectNoAxeViolations(page);
    await page.getByLabel(s.signInCode).fill('000000');
    await page.getByRole('button', { name: s.verify }).click();
    await page.getByTestId('auth-error').waitFor();
    await page.getByLabel(s.signInCode).fill(await app.nextCode());
    await page.getByRole('button', { name: s.verify }).click();
    await waitForPath(page, '/dashboard');

    await openSecurityTab(page, 'en');
    await expect.poll(() => page.getByTestId('totp-status').textContent()).toBe(s.on);
    await page.getByRole('button', { name: s.turnOff }).click();
    // Without a code it is refused; with a wrong password it is refused; it stays on.
    await page.getByLabel(s.offPassword, { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: s.confirmOff, exact: true }).click();
    await page.getByText(s.totpCodeRequired).waitFor();
    await page.getByLabel(s.offPassword, { exact: true }).fill('Wr0ng-password!');
    await page.getByLabel(s.totpCode).fill('123456');
    await page.getByRole('button', { name: s.confirmOff, exact: true }).click();
    await page.getByText(s.wrongPassword).waitFor();
    await lookAt(page, 'en-totp-off');
    await expectNoAxeViolations(page);
    expect(await page.getByTestId('totp-status').textContent()).toBe(s.on);
    // With the password and a current code (typed from the keyboard) it is off, and the owner is mailed.
    await page.getByLabel(s.offPassword, { exact: true }).fill(owner.password);
    await page.getByLabel(s.totpCode).fill(await app.nextCode());
    await page.getByLabel(s.totpCode).press('Enter');
    await expect.poll(() => page.getByTestId('totp-status').textContent()).toBe(s.off);
    const notice = await waitForMail(stack().urls.inbox, owner.email, { subject: s.totpOffSubject });
    // Help at the monitored address (SUPPORT_ADDRESS), never at the no-reply sender.
    expect(notice.body.text).toContain('support@reviewroute.local');
    expect(notice.body.text).not.toContain('no-reply@');
    await signOut(page, 'en');
    // Password only again.
    await signInThroughUi(page, 'en', owner);
  });
});

describe('account security (nl)', () => {
  const b = useBrowser({ locale: 'nl-NL', reducedMotion: 'reduce' });
  const s = securityTexts.nl;

  it('"Wachtwoord vergeten?" mails a Dutch reset code; the new password signs in', async () => {
    const page = b.page();
    const owner = await createUserIn('nl');
    const signUpMail = await waitForMail(stack().urls.inbox, owner.email);
    await page.goto('/nl/auth?tab=signin');
    await page.getByRole('tabpanel', { name: texts.nl.signInTab }).getByLabel(texts.nl.email).fill(owner.email);
    await page.getByRole('button', { name: s.forgotPassword }).click();
    await lookAt(page, 'nl-forgot-password');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: s.sendReset }).click();

    const mail = await waitForMail(stack().urls.inbox, owner.email, { after: signUpMail });
    expect(mail.subject).toBe(s.resetSubject);
    expect(mail.body.text).toContain(`Je herstelcode is ${extractCode(mail)}.`);
    await page.getByLabel(s.resetCode).fill(extractCode(mail));
    await page.getByLabel(s.newPassword, { exact: true }).fill(NEW_PASSWORD);
    await lookAt(page, 'nl-forgot-password-code');
    await page.getByRole('button', { name: s.setPassword }).click();
    await page.getByText(s.passwordChanged).first().waitFor();
    // Back on the sign-in tab with the address filled in.
    await page.getByRole('tabpanel', { name: texts.nl.signInTab }).getByLabel(texts.nl.password).fill(NEW_PASSWORD);
    await page
      .getByRole('tabpanel', { name: texts.nl.signInTab })
      .getByRole('button', { name: texts.nl.signIn })
      .click();
    await waitForPath(page, '/nl/dashboard');
  });

  it('an owner who signed up in English but uses the Dutch interface gets the two-step notice in Dutch, in Amsterdam time', async () => {
    const page = b.page();
    // Cognito's locale says English: only the interface language the app records can make the mail Dutch.
    const owner = await signInThroughUi(page, 'nl', await createUserIn('en'));
    await openSecurityTab(page, 'nl');
    await page.getByRole('button', { name: s.setUpTotp }).click();
    await page.getByLabel(s.offPassword, { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: s.continueSetUp }).click();
    const app = new TestAuthenticator((await page.getByTestId('totp-secret').textContent())!.replace(/\s+/g, ''));
    await lookAt(page, 'nl-totp-setup');
    await page.getByLabel(s.totpCode).fill(await app.nextCode());
    await page.getByRole('button', { name: s.turnOn }).click();
    await expect.poll(() => page.getByTestId('totp-status').textContent()).toBe(s.on);
    await page.getByRole('button', { name: s.savedCodes }).click();

    await page.getByRole('button', { name: s.turnOff }).click();
    await page.getByLabel(s.offPassword, { exact: true }).fill(owner.password);
    await page.getByLabel(s.totpCode).fill(await app.nextCode());
    const turnedOffFrom = Date.now();
    await page.getByRole('button', { name: s.confirmOff, exact: true }).click();
    await expect.poll(() => page.getByTestId('totp-status').textContent()).toBe(s.off);
    const notice = await waitForMail(stack().urls.inbox, owner.email, { subject: s.totpOffSubject });
    expect(notice.subject).toBe(s.totpOffSubject);
    expect(notice.body.text).toContain(
      `Verificatie in twee stappen is uitgezet voor je ReviewRoute-account ${owner.email}.`,
    );
    expect(mailTimesBetween(turnedOffFrom, Date.now(), 'nl')).toContain(mailField(notice.body.text, 'Wanneer'));
    expect(notice.body.text).toContain('Vragen? Mail ons op support@reviewroute.local.');
  });

  it('changes the e-mail address with the Dutch mail', async () => {
    const page = b.page();
    const owner = await createUserIn('nl');
    await signInThroughUi(page, 'nl', owner);
    await openSecurityTab(page, 'nl');
    const newEmail = uniqueEmail('verhuisd');
    await page.getByLabel(s.newEmail, { exact: true }).fill(newEmail);
    await page.getByLabel(s.currentPassword).fill(owner.password);
    await page.getByRole('button', { name: s.updateEmail }).click();
    const mail = await waitForMail(stack().urls.inbox, newEmail);
    expect(mail.subject).toBe(s.emailChangeSubject);
    await waitForMail(stack().urls.inbox, owner.email, { subject: s.emailNoticeSubject });
    await page.getByLabel(s.emailCode).fill(extractCode(mail));
    await page.getByRole('button', { name: s.confirmEmail }).click();
    await page.getByText(s.emailUpdated).first().waitFor();
    await expect.poll(() => page.getByLabel(s.newEmail, { exact: true }).inputValue()).toBe(newEmail);
  });
});

describe('the security tab has no axe violations', () => {
  for (const lang of ['en', 'nl'] as const) {
    const b = useBrowser({ locale: lang === 'nl' ? 'nl-NL' : 'en-US', reducedMotion: 'reduce' });
    it(`in ${lang} at 1280 and 390 px`, async () => {
      const page = b.page();
      await signInThroughUi(page, lang);
      await openSecurityTab(page, lang);
      await page.getByTestId('totp-status').waitFor();
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await expectNoAxeViolations(page);
      }
      await lookAt(page, `${lang}-security-tab`);
    });
  }
});

import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { createConfirmedUser, type TestUser } from './cognito';
import { waitForCode } from './inbox';

/** Visible texts of the flows, per language, exactly as the catalogues have them. */
export const texts = {
  en: {
    prefix: '',
    signUpTab: 'Sign up',
    signInTab: 'Sign in',
    email: 'Email',
    password: 'Password',
    createAccount: 'Create account',
    signIn: 'Sign in',
    code: 'Confirmation code',
    confirm: 'Confirm email',
    confirmHeading: 'Confirm your email',
    accountMenu: 'Account menu',
    signOut: 'Sign out',
    settings: 'Settings',
    authHeading: 'Welcome to ReviewRoute',
    emptySurveys: 'Get started!',
    // The survey link panel and the review-request templates (spec 9): the dashboard's and the wizard's.
    copyLink: 'Copy link',
    copied: 'Copied!',
    downloadQr: 'Download QR code',
    emailTemplate: (url: string) =>
      `Hi [Customer Name], thank you for choosing our service! We'd love to hear about your experience. Please take a moment to share your feedback: ${url}`,
    smsTemplate: (url: string) => `Thanks for visiting us! Share your experience: ${url}`,
  },
  nl: {
    prefix: '/nl',
    signUpTab: 'Registreren',
    signInTab: 'Inloggen',
    email: 'E-mailadres',
    password: 'Wachtwoord',
    createAccount: 'Account aanmaken',
    signIn: 'Inloggen',
    code: 'Bevestigingscode',
    confirm: 'E-mailadres bevestigen',
    confirmHeading: 'Bevestig je e-mailadres',
    accountMenu: 'Accountmenu',
    signOut: 'Uitloggen',
    settings: 'Instellingen',
    authHeading: 'Welkom bij ReviewRoute',
    emptySurveys: 'Aan de slag!',
    copyLink: 'Link kopiëren',
    copied: 'Gekopieerd!',
    downloadQr: 'QR-code downloaden',
    emailTemplate: (url: string) =>
      `Hallo [Naam klant], bedankt dat je voor ons hebt gekozen! We horen graag hoe je het hebt ervaren. Neem even de tijd om je feedback te delen: ${url}`,
    smsTemplate: (url: string) => `Bedankt voor je bezoek! Deel je ervaring: ${url}`,
  },
} as const;
export type Lang = keyof typeof texts;

/** Fills the sign-up tab and submits; leaves the page on the confirmation-code step. */
export async function submitSignUp(page: Page, lang: Lang, email: string, password: string): Promise<void> {
  const t = texts[lang];
  const panel = page.getByRole('tabpanel', { name: t.signUpTab });
  await panel.getByLabel(t.email).fill(email);
  await panel.getByLabel(t.password, { exact: true }).fill(password);
  await panel.getByRole('button', { name: t.createAccount }).click();
  await page.getByRole('heading', { name: t.confirmHeading }).waitFor();
}

/** Reads the code Cognito mailed to `email` from the local inbox and confirms it in the UI. */
export async function confirmWithInboxCode(page: Page, lang: Lang, email: string): Promise<void> {
  const t = texts[lang];
  const code = await waitForCode(inject('localStack').urls.inbox, email);
  await page.getByLabel(t.code).fill(code);
  await page.getByRole('button', { name: t.confirm }).click();
}

export async function submitSignIn(page: Page, lang: Lang, email: string, password: string): Promise<void> {
  const t = texts[lang];
  const panel = page.getByRole('tabpanel', { name: t.signInTab });
  await panel.getByLabel(t.email).fill(email);
  await panel.getByLabel(t.password, { exact: true }).fill(password);
  await panel.getByRole('button', { name: t.signIn }).click();
}

/** Resolves when the browser is on `path` (no query/hash), however it got there. */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
}

/** Signs `owner` (by default a new confirmed user) in through the UI; resolves on the dashboard. */
export async function signInThroughUi(page: Page, lang: Lang, owner?: TestUser): Promise<TestUser> {
  const t = texts[lang];
  const user = owner ?? (await createConfirmedUser(inject('localStack')));
  await page.goto(`${t.prefix}/auth`);
  await page.getByRole('tab', { name: t.signInTab }).click();
  await submitSignIn(page, lang, user.email, user.password);
  await waitForPath(page, `${t.prefix}/dashboard`);
  return user;
}

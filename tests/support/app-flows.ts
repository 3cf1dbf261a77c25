import type { Page } from 'playwright-core';
import { inject } from 'vitest';
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

import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callOwnerApi, createSampleSurvey, publishSurvey } from '../support/api';
import { signInThroughUi, submitSignIn, texts as flowTexts, waitForPath, type Lang } from '../support/app-flows';
import { expectNoAxeViolations, useBrowser } from '../support/browser';
import { createSignedInUser } from '../support/cognito';
import { extractCode, waitForMail } from '../support/inbox';
import { mailField, mailTimesBetween } from '../support/mail-time';
import { confirmPurchaseDetails } from '../support/purchase-card';

/**
 * The owner's mails (decisions 23) as an owner meets them, in both languages: a customer's 1-star rating with a
 * comment on the public page mails the owner an alert with that comment, and the alert's footer link turns the
 * survey's alerts off without signing in (the page confirms, can turn them on again; the wizard shows the switch
 * off); a paid checkout mails the payment confirmation; a forgotten-password reset mails the password-changed
 * notice. Texts exactly as the catalogues (web/src/locales, functions/src/mail/locales) have them.
 */
const texts = {
  en: {
    locale: 'en-US',
    stars1: '1 star',
    comment: 'Your comment (optional)',
    received: 'Received',
    help: 'Questions? Email us at support@reviewroute.local.',
    submit: 'Submit feedback',
    alertSubject: (business: string) => `Low rating for ${business}: 1/5`,
    offTitle: 'Low-rating alerts are off',
    off: (business: string) =>
      `You will no longer get an email when a customer rates ${business} 1 or 2 stars. The feedback stays on your dashboard.`,
    onTitle: 'Low-rating alerts are on again',
    turnOn: 'Turn alerts back on',
    turnOff: 'Turn alerts off',
    dashboard: 'Go to the dashboard',
    invalidTitle: 'This link does not work',
    alertsSwitch: 'Email me about low ratings',
    buyNow: 'Buy now',
    plans: 'Plans',
    paymentSubject: 'Payment received: €120.00',
    forgotPassword: 'Forgot password?',
    sendReset: 'Send reset code',
    resetCode: 'Reset code',
    newPassword: 'New password',
    setPassword: 'Set new password',
    passwordChanged: 'Password changed',
    changedSubject: 'Your ReviewRoute password was changed',
  },
  nl: {
    locale: 'nl-NL',
    stars1: '1 ster',
    comment: 'Je opmerking (optioneel)',
    received: 'Ontvangen',
    help: 'Vragen? Mail ons op support@reviewroute.local.',
    submit: 'Feedback versturen',
    alertSubject: (business: string) => `Lage beoordeling voor ${business}: 1/5`,
    offTitle: 'Meldingen bij lage beoordelingen staan uit',
    off: (business: string) =>
      `Je krijgt geen e-mail meer wanneer een klant ${business} 1 of 2 sterren geeft. De feedback blijft op je dashboard staan.`,
    onTitle: 'Meldingen bij lage beoordelingen staan weer aan',
    turnOn: 'Meldingen weer aanzetten',
    turnOff: 'Meldingen uitzetten',
    dashboard: 'Naar het dashboard',
    invalidTitle: 'Deze link werkt niet',
    alertsSwitch: 'Mail me bij lage beoordelingen',
    buyNow: 'Nu kopen',
    plans: 'Abonnementen',
    paymentSubject: 'Betaling ontvangen: €\u00a0120,00',
    forgotPassword: 'Wachtwoord vergeten?',
    sendReset: 'Herstelcode versturen',
    resetCode: 'Herstelcode',
    newPassword: 'Nieuw wachtwoord',
    setPassword: 'Nieuw wachtwoord instellen',
    passwordChanged: 'Wachtwoord gewijzigd',
    changedSubject: 'Je ReviewRoute-wachtwoord is gewijzigd',
  },
} as const;

const stack = () => inject('localStack');
const NEW_PASSWORD = 'An0ther-secret!';

/** The path (and query) of the first link in a mail's text that goes to `pathPart`. */
function linkPath(text: string | undefined, pathPart: string): string {
  const url = (text ?? '').split(/\s+/).find((word) => word.includes(pathPart));
  expect(url, `a link to ${pathPart}`).toBeDefined();
  const parsed = new URL(url!);
  return `${parsed.pathname}${parsed.search}`;
}

async function alertsSwitchOf(page: Page, lang: Lang, surveyId: string) {
  await page.goto(`${flowTexts[lang].prefix}/review-routing-setup?survey=${surveyId}`);
  const toggle = page.getByRole('switch', { name: texts[lang].alertsSwitch });
  await toggle.waitFor();
  return toggle;
}

describe.each(['en', 'nl'] as const)('owner mails (%s)', (lang) => {
  const t = texts[lang];
  const prefix = flowTexts[lang].prefix;
  const b = useBrowser({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 }, locale: t.locale });

  it("a 1-star rating's comment reaches the owner by mail, and the mail's footer link turns the alerts off", async () => {
    const page = b.page();
    const owner = await createSignedInUser(stack(), { locale: lang });
    const business = `Alert Cafe ${lang.toUpperCase()} ${Date.now()}`;
    const created = await createSampleSurvey(owner, business, { language: lang });
    const survey = await publishSurvey(owner, created.id);
    expect(survey.lowRatingAlerts).toBe(true);

    // The customer, on the public page.
    await page.goto(new URL(survey.landingPageUrl!).pathname);
    await page.getByRole('radio', { name: t.stars1, exact: true }).check();
    await page.getByLabel(t.comment).fill('The soup was cold and nobody came.');
    const submittedFrom = Date.now();
    await page.getByRole('button', { name: t.submit }).click();
    await page.getByTestId('thank-you-low').waitFor();

    const alert = await waitForMail(stack().urls.inbox, owner.email, {
      subject: t.alertSubject(business),
      timeoutMs: 20_000,
    });
    expect(alert.body.text).toContain('The soup was cold and nobody came.');
    // When, as the business reads it: Amsterdam's time in the owner's language (the pages' one form), never UTC.
    expect(mailTimesBetween(submittedFrom, Date.now(), lang)).toContain(mailField(alert.body.text, t.received));
    expect(alert.body.text).not.toContain('UTC');
    expect(alert.body.text).toContain(t.help);
    const switchOff = linkPath(alert.body.text, '/alerts/');
    expect(switchOff.startsWith(`${prefix}/alerts/`)).toBe(true);
    expect(switchOff).not.toContain(owner.userId);
    expect(switchOff).not.toContain(encodeURIComponent(owner.email));

    // The owner, not signed in, follows the link.
    await page.goto(switchOff);
    await page.getByRole('heading', { level: 1, name: t.offTitle }).waitFor();
    expect(await page.getByText(t.off(business)).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    // On again, and off again, from the same page.
    await page.getByRole('button', { name: t.turnOn }).click();
    await page.getByRole('heading', { level: 1, name: t.onTitle }).waitFor();
    expect(
      (await callOwnerApi(owner, 'GET', `/api/surveys/${survey.id}`)) as { lowRatingAlerts: boolean },
    ).toMatchObject({
      lowRatingAlerts: true,
    });
    await page.getByRole('button', { name: t.turnOff }).click();
    await page.getByRole('heading', { level: 1, name: t.offTitle }).waitFor();
    expect(await page.getByRole('link', { name: t.dashboard }).getAttribute('href')).toBe(`${prefix}/dashboard`);

    // A link that was tampered with changes nothing and says so.
    await page.goto(`${switchOff.slice(0, -2)}xx`);
    await page.getByRole('heading', { level: 1, name: t.invalidTitle }).waitFor();
    await expectNoAxeViolations(page);

    // The wizard's routing step shows the switch off.
    await signInThroughUi(page, lang, owner);
    const toggle = await alertsSwitchOf(page, lang, survey.id);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
  });

  it('a paid checkout mails the payment confirmation', async () => {
    const page = b.page();
    const owner = await createSignedInUser(stack(), { locale: lang });
    await signInThroughUi(page, lang, owner);
    await page.goto(`${prefix}/payments`);
    await page
      .getByRole('list', { name: t.plans })
      .getByRole('listitem', { name: 'Growth' })
      .getByRole('button', { name: t.buyNow })
      .click();
    await confirmPurchaseDetails(page, lang);
    // The local Mollie's hosted checkout (infra/local/mollie), like Mollie's test mode.
    await page.getByRole('heading', { name: 'Test payment' }).waitFor();
    const paymentId = /\/checkout\/([^/?#]+)/.exec(page.url())?.[1];
    await page.getByRole('button', { name: /^paid$/i }).click();
    await waitForPath(page, `${prefix}/payments`);
    const mail = await waitForMail(stack().urls.inbox, owner.email, { subject: t.paymentSubject, timeoutMs: 20_000 });
    expect(mail.body.text).toContain(`${prefix}/account/invoices/${paymentId}`);
  });

  it('a forgotten-password reset mails the password-changed notice', async () => {
    const page = b.page();
    const owner = await createSignedInUser(stack(), { locale: lang });
    const f = flowTexts[lang];
    await page.goto(`${prefix}/auth?tab=signin`);
    await page.getByRole('tabpanel', { name: f.signInTab }).getByLabel(f.email).fill(owner.email);
    await page.getByRole('button', { name: t.forgotPassword }).click();
    const before = await waitForMail(stack().urls.inbox, owner.email);
    await page.getByRole('button', { name: t.sendReset }).click();
    const reset = await waitForMail(stack().urls.inbox, owner.email, { after: before });
    await page.getByLabel(t.resetCode).fill(extractCode(reset));
    await page.getByLabel(t.newPassword, { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: t.setPassword }).click();
    await page.getByText(t.passwordChanged).first().waitFor();
    const notice = await waitForMail(stack().urls.inbox, owner.email, { subject: t.changedSubject, timeoutMs: 20_000 });
    expect(notice.body.text).toContain(owner.email);
    // The new password works.
    await submitSignIn(page, lang, owner.email, NEW_PASSWORD);
    await waitForPath(page, `${prefix}/dashboard`);
  });
});

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, useBrowser } from '../support/browser';
import { phoneContext } from '../support/phone';
import { signInThroughUi, texts as flowTexts, waitForPath, type Lang } from '../support/app-flows';

/** Visible texts, exactly as web/src/locales/{en,nl}/billing.json have them. */
const texts = {
  en: {
    locale: 'en-US',
    heading: 'Choose your plan',
    authRequired: 'Authentication Required',
    authRequiredText: 'Please log in to purchase a subscription plan.',
    buyNow: 'Buy Now',
    completePurchase: 'Complete Your Purchase',
    processing: 'Processing your payment...',
    success: 'Payment Successful!',
    processed: (id: string) => `Your payment (${id}) has been processed. You'll receive a confirmation email shortly.`,
    failed: 'Payment Failed',
    declined: 'The payment did not go through. Nothing was charged.',
    active: 'Active',
    renewal: '365 days until renewal',
    badge: 'Growth · 365 days',
    history: 'Transaction history',
    completed: 'Completed',
    invoiceFor: /^Invoice for Growth - Annual Subscription of /,
    invoice: 'Invoice',
    total: '€120.00',
    vat: null,
    customAmount: 'Pay a custom amount',
  },
  nl: {
    locale: 'nl-NL',
    heading: 'Kies je abonnement',
    authRequired: 'Inloggen vereist',
    authRequiredText: 'Log in om een abonnement te kopen.',
    buyNow: 'Nu kopen',
    completePurchase: 'Rond je aankoop af',
    processing: 'Je betaling wordt verwerkt...',
    success: 'Betaling geslaagd!',
    processed: (id: string) => `Je betaling (${id}) is verwerkt. Je ontvangt zo een bevestiging per e-mail.`,
    failed: 'Betaling mislukt',
    declined: 'De betaling is niet gelukt. Er is niets afgeschreven.',
    active: 'Actief',
    renewal: 'Nog 365 dagen tot verlenging',
    badge: 'Growth · 365 dagen',
    history: 'Betaalgeschiedenis',
    completed: 'Voltooid',
    invoiceFor: /^Factuur voor Growth - Annual Subscription van /,
    invoice: 'Factuur',
    total: '€ 120,00',
    vat: '€ 20,83',
    customAmount: 'Een ander bedrag betalen',
  },
} as const;

const plan = (page: Page, lang: Lang, name: string) =>
  page.getByRole('list', { name: lang === 'nl' ? 'Abonnementen' : 'Plans' }).getByRole('listitem', { name });

/** The toast whose description is `description`; resolves to its title. */
async function toastTitle(page: Page, description: string): Promise<string | null> {
  const toast = page.locator('[data-sonner-toast]', { has: page.getByText(description, { exact: true }) });
  await toast.waitFor();
  return toast.locator('[data-title]').textContent();
}

/** Buys `planName` on /payments and finishes the local Mollie checkout with `outcome`; resolves to the payment id. */
async function buy(page: Page, lang: Lang, planName: string, outcome: 'paid' | 'failed'): Promise<string> {
  const t = texts[lang];
  await page.goto(`${flowTexts[lang].prefix}/payments`);
  await page.getByRole('heading', { level: 1, name: t.heading }).waitFor();
  // The create call waits until the purchase card has been seen: otherwise the browser may already be at the
  // checkout before the card is looked for.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/payments', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await plan(page, lang, planName).getByRole('button', { name: t.buyNow }).click();
  await page.getByRole('heading', { name: t.completePurchase }).waitFor();
  await page.getByText(t.processing).waitFor();
  release();
  // The local Mollie's hosted checkout (infra/local/mollie.ts), like Mollie's test mode.
  await page.getByRole('heading', { name: 'Test payment' }).waitFor();
  const paymentId = /\/checkout\/([^/?#]+)/.exec(page.url())?.[1];
  expect(paymentId).toMatch(/^tr_/);
  await page.getByRole('button', { name: new RegExp(`^${outcome}$`, 'i') }).click();
  await waitForPath(page, `${flowTexts[lang].prefix}/payments`);
  return paymentId!;
}

describe.each(['en', 'nl'] as const)('payments (%s)', (lang) => {
  const t = texts[lang];
  const prefix = flowTexts[lang].prefix;

  describe('at 1280 px', () => {
    const b = useBrowser({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 }, locale: t.locale });

    it('buys Growth through the checkout: the billing tab shows the active plan, the payment and its invoice', async () => {
      const page = b.page();
      await signInThroughUi(page, lang);
      await page.goto(`${prefix}/payments`);
      await page.getByRole('heading', { level: 1, name: t.heading }).waitFor();
      await expectNoAxeViolations(page);
      const paymentId = await buy(page, lang, 'Growth', 'paid');

      // Back on /payments the page checks the payment, says so, then opens the billing tab after 2 s.
      expect(await toastTitle(page, t.processed(paymentId))).toBe(t.success);
      await waitForPath(page, `${prefix}/account`);
      await page.waitForURL((url) => url.search === '?tab=billing');
      await expect.poll(() => page.getByTestId('billing-state').textContent()).toBe(t.active);
      expect(await page.getByTestId('billing-days').textContent()).toBe(t.renewal);
      expect(await page.getByTestId('billing-tier').textContent()).toBe('Growth');
      expect((await page.getByTestId('plan-badge').textContent())?.includes(t.badge)).toBe(true);

      const row = page.getByRole('list', { name: t.history }).locator(`[data-payment-id="${paymentId}"]`);
      await row.getByText(t.completed).waitFor();
      expect((await row.textContent())?.replace(/\s/g, ' ')).toContain(t.total);
      await expectNoAxeViolations(page);

      await row.getByRole('link', { name: t.invoiceFor }).click();
      await waitForPath(page, `${prefix}/account/invoices/${paymentId}`);
      await page.getByRole('article', { name: t.invoice }).waitFor();
      expect(await page.getByTestId('invoice-reference').textContent()).toBe(paymentId);
      expect((await page.getByTestId('invoice-total').textContent())?.replace(/\s/g, ' ')).toBe(t.total);
      if (t.vat) expect((await page.getByTestId('invoice-vat').textContent())?.replace(/\s/g, ' ')).toBe(t.vat);
      else expect(await page.getByTestId('invoice-vat').count()).toBe(0);
      await expectNoAxeViolations(page);
    });

    it('a failed checkout comes back as Payment Failed with the reason', async () => {
      const page = b.page();
      await signInThroughUi(page, lang);
      await buy(page, lang, 'Starter', 'failed');
      expect(await toastTitle(page, t.declined)).toBe(t.failed);
      await page.waitForURL((url) => url.search === '');
      expect(new URL(page.url()).pathname).toBe(`${prefix}/payments`);
    });

    it('signed out: the banner, and Buy Now explains with a toast and goes to /auth', async () => {
      const page = b.page();
      await page.goto(`${prefix}/payments`);
      await page.getByText(t.authRequired, { exact: true }).waitFor();
      await expectNoAxeViolations(page);
      // The button reads as disabled (aria-disabled) yet still answers a click, so Playwright is told to click.
      await plan(page, lang, 'Growth').getByRole('button', { name: t.buyNow }).click({ force: true });
      expect(await toastTitle(page, t.authRequiredText)).toBe(t.authRequired);
      await waitForPath(page, `${prefix}/auth`);
    });
  });

  describe('at 390 px', () => {
    const b = useBrowser({ ...phoneContext, locale: t.locale });

    it('/payments (signed out and in, with the custom amount open) and the billing tab pass axe', async () => {
      const page = b.page();
      await page.goto(`${prefix}/payments`);
      await page.getByText(t.authRequired, { exact: true }).waitFor();
      await expectNoAxeViolations(page);

      await signInThroughUi(page, lang);
      await page.goto(`${prefix}/payments`);
      await page.getByRole('button', { name: t.customAmount }).click();
      await page.getByRole('button', { name: /^(Pay|Betaal) EUR / }).waitFor();
      await expectNoAxeViolations(page);

      await page.goto(`${prefix}/account?tab=billing`);
      await page.getByTestId('billing-state').waitFor();
      await expectNoAxeViolations(page);
    });
  });
});

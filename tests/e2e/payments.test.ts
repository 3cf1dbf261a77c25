import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { planIds, planPricing, splitVat, type PlanId } from '@reviewroute/shared';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, lookAtWidths, saveScreenshot, useBrowser } from '../support/browser';
import { openPlans, planCard } from '../support/plans-page';
import { phoneContext } from '../support/phone';
import { signInThroughUi, texts as flowTexts, waitForPath, type Lang } from '../support/app-flows';
import { pdfPageSizes, pdfText } from '../support/pdf-text';
import { confirmPurchaseDetails, purchaseCardTexts, type PurchaseDetails } from '../support/purchase-card';

/** Visible texts, exactly as web/src/locales/{en,nl}/billing.json have them. */
const texts = {
  en: {
    locale: 'en-US',
    heading: 'Choose your plan',
    authRequired: 'Authentication required',
    authRequiredText: 'Please log in to purchase a subscription plan.',
    buyNow: 'Buy now',
    completePurchase: 'Complete your purchase',
    processing: 'Processing your payment...',
    checkoutDescription: (plan: string) => `${plan} - Annual Subscription`,
    buyerVat: 'VAT number: NL857912345B01',
    success: 'Payment successful!',
    processed: (id: string) => `Your payment (${id}) has been processed. You'll receive a confirmation email shortly.`,
    failed: 'Payment failed',
    declined: 'The payment did not go through. Nothing was charged.',
    active: 'Active',
    // Paid on the trial's first day: the year starts when the 7-day trial ends (decisions 22), 365 + 7 days.
    renewal: '372 days remaining',
    badge: 'Growth · 372 days',
    history: 'Transaction history',
    completed: 'Completed',
    listPrice: 'Regular price: €300 / year',
    launchPrice: 'Launch price: €120 / year',
    inclVat: 'incl. VAT',
    invoiceFor: /^Invoice for Growth plan, 1 year of /,
    invoice: 'Invoice',
    item: 'Growth plan, 1 year',
    net: '€99.17',
    vat: '€20.83',
    total: '€120.00',
    customAmount: 'Pay a custom amount',
    downloadPdf: 'Download PDF',
    seller:
      'PLACEHOLDER Seller B.V. (set invoiceSellerName)PLACEHOLDER Street 10000 XX Placeholder City (set invoiceSellerAddress)KvK (Chamber of Commerce): 00000000 (PLACEHOLDER)VAT number: NL000000000B00 (PLACEHOLDER)',
  },
  nl: {
    locale: 'nl-NL',
    heading: 'Kies je abonnement',
    authRequired: 'Inloggen vereist',
    authRequiredText: 'Log in om een abonnement te kopen.',
    buyNow: 'Nu kopen',
    completePurchase: 'Rond je aankoop af',
    processing: 'Je betaling wordt verwerkt...',
    checkoutDescription: (plan: string) => `${plan} - Jaarabonnement`,
    buyerVat: 'Btw-nummer: NL857912345B01',
    success: 'Betaling geslaagd!',
    processed: (id: string) => `Je betaling (${id}) is verwerkt. Je ontvangt zo een bevestiging per e-mail.`,
    failed: 'Betaling mislukt',
    declined: 'De betaling is niet gelukt. Er is niets afgeschreven.',
    active: 'Actief',
    renewal: 'Nog 372 dagen',
    badge: 'Growth · 372 dagen',
    history: 'Betaalgeschiedenis',
    completed: 'Voltooid',
    listPrice: 'Normale prijs: € 300 / jaar',
    launchPrice: 'Introductieprijs: € 120 / jaar',
    inclVat: 'incl. btw',
    invoiceFor: /^Factuur voor Growth-abonnement, 1 jaar van /,
    invoice: 'Factuur',
    item: 'Growth-abonnement, 1 jaar',
    net: '€ 99,17',
    vat: '€ 20,83',
    total: '€ 120,00',
    customAmount: 'Een ander bedrag betalen',
    downloadPdf: 'PDF downloaden',
    seller:
      'PLACEHOLDER Seller B.V. (set invoiceSellerName)PLACEHOLDER Street 10000 XX Placeholder City (set invoiceSellerAddress)KvK-nummer: 00000000 (PLACEHOLDER)Btw-nummer: NL000000000B00 (PLACEHOLDER)',
  },
} as const;

const screenshots = fileURLToPath(new URL('../.artifacts/screenshots/payments/', import.meta.url));

/** A visible text with its (non-breaking) spaces made plain, as the texts above write them. */
const plain = async (page: Page, testId: string, within = page.locator('body')): Promise<string | undefined> =>
  (await within.getByTestId(testId).first().textContent())?.replace(/\s/g, ' ');

/** Screenshots at phone and desktop width for a person to look at (git-ignored); back at 1280 px afterwards. */
const lookAt = (page: Page, name: string) =>
  lookAtWidths(page, (width) => `${screenshots}${name}-${width}.png`, [360, 1280]);

/**
 * The invoice as printed ("Download PDF" is the browser's print): the print stylesheet's page, and the PDF
 * Chromium makes of it with print media (what "Save as PDF" writes), returned.
 */
async function lookAtPrint(page: Page, name: string): Promise<Buffer> {
  await page.emulateMedia({ media: 'print' });
  // The toolbar (back link, the button) is not on the printed page.
  expect(await page.getByRole('button', { name: /PDF/ }).isVisible()).toBe(false);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 1100 });
    await saveScreenshot(page, `${screenshots}${name}-print-${width}.png`, { fullPage: true });
  }
  const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  if (process.env.E2E_SCREENSHOTS) {
    await mkdir(screenshots, { recursive: true });
    await writeFile(`${screenshots}${name}.pdf`, pdf);
  }
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize({ width: 1280, height: 900 });
  return pdf;
}

/** The toast whose description is `description`; resolves to its title. */
async function toastTitle(page: Page, description: string): Promise<string | null> {
  const toast = page.locator('[data-sonner-toast]', { has: page.getByText(description, { exact: true }) });
  await toast.waitFor();
  return toast.locator('[data-title]').textContent();
}

/** An amount in euros as each language writes it: `€120.00` and `€ 120,00` (whole euros without decimals). */
const euros = (lang: Lang, amount: number, decimals = 0): string => {
  const figure = amount.toFixed(decimals);
  return lang === 'en' ? `€${figure}` : `€ ${figure.replace('.', ',')}`;
};

/** What buying `plan` charges, as the purchase card and the local checkout write it: the price table's figures. */
function planCharge(plan: PlanId, lang: Lang) {
  const { listPrice, chargedAmount } = planPricing[plan];
  const words = { en: { year: 'year', vat: 'VAT' }, nl: { year: 'jaar', vat: 'btw' } }[lang];
  return {
    list: euros(lang, listPrice),
    launchRow: `${euros(lang, chargedAmount)} / ${words.year}`,
    total: euros(lang, chargedAmount, 2),
    vat: `incl. ${euros(lang, splitVat(chargedAmount).vat, 2)} ${words.vat}`,
    checkout: `EUR ${chargedAmount.toFixed(2)}`,
  };
}

/**
 * Buys `planName` on /payments, with the business `details` typed on the purchase card (`look`: its screenshots
 * and axe check first), and finishes the local Mollie checkout with `outcome`; resolves to the payment id.
 */
async function buy(
  page: Page,
  lang: Lang,
  planName: string,
  outcome: 'paid' | 'failed',
  details: PurchaseDetails = {},
  look = false,
): Promise<string> {
  const t = texts[lang];
  await openPlans(page, lang);
  // The create call waits until the purchase card has been seen: otherwise the browser may already be at the
  // checkout before the card is looked for.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/payments', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await planCard(page, lang, planName).getByRole('button', { name: t.buyNow }).click();
  await page.getByRole('heading', { name: t.completePurchase }).waitFor();
  // The purchase card shows the launch price only, and what is charged now with the VAT it includes.
  const card = page.locator('[data-slot=card]', { has: page.getByRole('heading', { name: t.completePurchase }) });
  const cardText = (await card.innerText()).replace(/\s/g, ' ');
  const charged = planCharge(
    planIds.find((id) => id === planName.toLowerCase())!,
    lang,
  );
  expect(cardText).toContain(charged.launchRow);
  expect(cardText).toContain(charged.total);
  expect(cardText).toContain(charged.vat);
  expect(cardText).not.toContain(charged.list);
  // The business the invoice is made out to, asked on the card (prefilled from the profile) before paying.
  await page.getByRole('button', { name: purchaseCardTexts[lang].continue }).waitFor();
  if (look) {
    await expectNoAxeViolations(page);
    await lookAt(page, `purchase-card-${lang}`);
  }
  await confirmPurchaseDetails(page, lang, details);
  await page.getByText(t.processing).waitFor();
  release();
  // The local Mollie's hosted checkout (infra/local/mollie.ts), like Mollie's test mode: it shows the payment's
  // amount, which must be the charged launch price the card showed.
  await page.getByRole('heading', { name: 'Test payment' }).waitFor();
  expect(await page.locator('dt:has-text("Amount") + dd').textContent()).toBe(charged.checkout);
  // Its description (the checkout's and the bank statement's) in the owner's language.
  expect(await page.locator('dt:has-text("Description") + dd').textContent()).toBe(t.checkoutDescription(planName));
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
      const owner = await signInThroughUi(page, lang);
      await page.goto(`${prefix}/payments`);
      await page.getByRole('heading', { level: 1, name: t.heading }).waitFor();
      // decisions 21: the Growth card keeps the list price as the regular price, the launch price beside it.
      const growth = planCard(page, lang, 'Growth');
      expect(await plain(page, 'plan-list-price', growth)).toBe(t.listPrice);
      expect(await growth.getByTestId('plan-list-price').locator('s').count()).toBe(1);
      expect(await plain(page, 'plan-launch-price', growth)).toBe(t.launchPrice);
      await growth.getByText(t.inclVat, { exact: true }).waitFor();
      await expectNoAxeViolations(page);
      await lookAt(page, `plans-${lang}`);
      // The buyer on the invoice is what the purchase card asked: a business name, a two-line address, a VAT number.
      const paymentId = await buy(
        page,
        lang,
        'Growth',
        'paid',
        {
          businessName: 'Bakkerij Anna',
          businessAddress: 'Dorpsstraat 1\n3511 AA Utrecht',
          vatNumber: 'nl 8579.12345 b01',
        },
        true,
      );

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
      const rowText = (await row.innerText()).replace(/\s/g, ' ');
      expect(rowText).toContain(t.total);
      expect(rowText).toContain(t.inclVat);
      expect(rowText).toContain(t.item);
      await expectNoAxeViolations(page);

      await row.getByRole('link', { name: t.invoiceFor }).click();
      await waitForPath(page, `${prefix}/account/invoices/${paymentId}`);
      await page.getByRole('article', { name: t.invoice }).waitFor();
      expect(await page.getByTestId('invoice-reference').textContent()).toBe(paymentId);
      // The same amount as the card, the checkout and billing, split net / VAT 21 % / total in both languages.
      expect(await plain(page, 'invoice-item')).toBe(t.item);
      expect(await plain(page, 'invoice-net')).toBe(t.net);
      expect(await plain(page, 'invoice-vat')).toBe(t.vat);
      expect(await plain(page, 'invoice-total')).toBe(t.total);
      // A number of this year's gapless sequence; the seller from the configuration (locally named placeholders);
      // the buyer's business, address and VAT number from the purchase card; nothing is said to be missing.
      expect(await page.getByTestId('invoice-number').textContent()).toMatch(/^\d{4}-\d{6}$/);
      expect(await page.getByTestId('invoice-seller').textContent()).toBe(t.seller);
      expect(await page.getByTestId('invoice-billed-to').innerText()).toMatch(
        new RegExp(
          `^Bakkerij Anna\\s+Dorpsstraat 1\\s+3511 AA Utrecht\\s+${owner.email.replace(/[.+]/g, '\\$&')}\\s+${t.buyerVat}$`,
        ),
      );
      expect(await page.getByTestId('invoice-buyer-hint').count()).toBe(0);
      expect(await page.getByRole('button', { name: t.downloadPdf }).isEnabled()).toBe(true);
      await expectNoAxeViolations(page);
      await lookAt(page, `invoice-${lang}`);

      // "Download PDF" opens the browser's print dialog (its "Save as PDF"): one print per click.
      await page.evaluate(() => {
        const counted = window as unknown as { prints: number };
        counted.prints = 0;
        window.print = () => void counted.prints++;
      });
      await page.getByRole('button', { name: /download pdf|pdf downloaden/i }).click();
      expect(await page.evaluate(() => (window as unknown as { prints: number }).prints)).toBe(1);
      // What it saves: one A4 page with the number, the seller, the buyer and the total, without the toolbar.
      const number = (await page.getByTestId('invoice-number').textContent())!;
      const pdf = await lookAtPrint(page, `invoice-${lang}`);
      // One A4 page (595.28 × 841.89 pt, give or take Chromium's rounding to CSS pixels).
      const [size, ...more] = pdfPageSizes(pdf);
      expect(more).toEqual([]);
      expect(Math.abs(size![0] - 595.28)).toBeLessThan(1);
      expect(Math.abs(size![1] - 841.89)).toBeLessThan(1);
      const printed = pdfText(pdf).replace(/\s/g, '');
      for (const part of [
        number,
        t.seller,
        'Bakkerij Anna',
        'Dorpsstraat 1',
        t.buyerVat,
        t.item,
        t.net,
        t.vat,
        t.total,
      ])
        expect(printed, part).toContain(part.replace(/\s/g, ''));
      expect(printed).not.toContain(t.downloadPdf.replace(/\s/g, ''));
    });

    it('a failed checkout comes back as Payment failed with the reason', async () => {
      const page = b.page();
      await signInThroughUi(page, lang);
      await buy(page, lang, 'Starter', 'failed');
      expect(await toastTitle(page, t.declined)).toBe(t.failed);
      await page.waitForURL((url) => url.search === '');
      expect(new URL(page.url()).pathname).toBe(`${prefix}/payments`);
    });

    it('signed out: the banner, and Buy now explains with a toast and goes to /auth', async () => {
      const page = b.page();
      await page.goto(`${prefix}/payments`);
      await page.getByText(t.authRequired, { exact: true }).waitFor();
      await expectNoAxeViolations(page);
      // The button reads as disabled (aria-disabled) yet still answers a click, so Playwright is told to click.
      await planCard(page, lang, 'Growth').getByRole('button', { name: t.buyNow }).click({ force: true });
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

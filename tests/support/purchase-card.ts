import type { Page } from 'playwright-core';
import type { Lang } from './app-flows';

/** The purchase card's business details, exactly as web/src/locales/{en,nl}/billing.json label them. */
export const purchaseCardTexts = {
  en: {
    businessName: 'Business name',
    businessAddress: 'Business address',
    vatNumber: 'VAT number (optional)',
    continue: 'Continue to payment',
  },
  nl: {
    businessName: 'Bedrijfsnaam',
    businessAddress: 'Bedrijfsadres',
    vatNumber: 'Btw-nummer (optioneel)',
    continue: 'Verder naar betalen',
  },
} as const;

export interface PurchaseDetails {
  businessName?: string;
  businessAddress?: string;
  vatNumber?: string;
}

/** What an owner with an empty profile types when a test does not care about the business. */
const fallback = { businessName: 'Test Bakery', businessAddress: 'Teststraat 1\n1000 AA Amsterdam' };

/**
 * The Complete Your Purchase card asks the business the invoice is made out to before the payment is created
 * (prefilled from the profile): types what `details` gives (an empty required field gets a placeholder business),
 * then Continue, which creates the payment and leaves for the checkout.
 */
export async function confirmPurchaseDetails(page: Page, lang: Lang, details: PurchaseDetails = {}): Promise<void> {
  const t = purchaseCardTexts[lang];
  const continueButton = page.getByRole('button', { name: t.continue });
  await continueButton.waitFor();
  for (const [field, label] of [
    ['businessName', t.businessName],
    ['businessAddress', t.businessAddress],
    ['vatNumber', t.vatNumber],
  ] as const) {
    const input = page.getByLabel(label, { exact: true });
    const value =
      details[field] ?? (field !== 'vatNumber' && !(await input.inputValue()) ? fallback[field] : undefined);
    if (value !== undefined) await input.fill(value);
  }
  await continueButton.click();
}

/**
 * On the local Mollie's hosted checkout (infra/local/mollie, like Mollie's test mode): the customer pays; the
 * payment's id. The app then takes the browser back to where the payment started.
 */
export async function payOnTestCheckout(page: Page): Promise<string> {
  await page.getByRole('heading', { name: 'Test payment' }).waitFor();
  const paymentId = /\/checkout\/([^/?#]+)/.exec(page.url())?.[1];
  if (!paymentId?.startsWith('tr_')) throw new Error(`Not on a test checkout: ${page.url()}`);
  await page.getByRole('button', { name: /^paid$/i }).click();
  return paymentId;
}

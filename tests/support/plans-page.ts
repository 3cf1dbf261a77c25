import type { Page } from 'playwright-core';
import { texts as flowTexts, waitForPath, type Lang } from './app-flows';
import { confirmPurchaseDetails, payOnTestCheckout, type PurchaseDetails } from './purchase-card';

/** The payments page's plan list (/payments), exactly as web/src/locales/{en,nl}/billing.json label it. */
export const plansPageTexts = {
  en: { heading: 'Choose your plan', plans: 'Plans', buyNow: 'Buy now' },
  nl: { heading: 'Kies je abonnement', plans: 'Abonnementen', buyNow: 'Nu kopen' },
} as const;

/** Opens /payments in the language, as the header's link does, once its heading is there. */
export async function openPlans(page: Page, lang: Lang): Promise<void> {
  await page.goto(`${flowTexts[lang].prefix}/payments`);
  await page.getByRole('heading', { level: 1, name: plansPageTexts[lang].heading }).waitFor();
}

/** A plan's card on /payments, by the plan's name (Starter, Growth, ...). */
export const planCard = (page: Page, lang: Lang, name: string) =>
  page.getByRole('list', { name: plansPageTexts[lang].plans }).getByRole('listitem', { name });

/**
 * Buys a plan as an owner does: its card's Buy now on /payments, the purchase card (`details`), Paid on the local
 * Mollie's checkout, and back on the account page; the payment's id.
 */
export async function buyPlan(page: Page, lang: Lang, name: string, details?: PurchaseDetails): Promise<string> {
  await openPlans(page, lang);
  await planCard(page, lang, name).getByRole('button', { name: plansPageTexts[lang].buyNow }).click();
  await confirmPurchaseDetails(page, lang, details);
  const paymentId = await payOnTestCheckout(page);
  await waitForPath(page, `${flowTexts[lang].prefix}/account`);
  return paymentId;
}

import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accountSummarySchema, formatDateTime, pathOf, type AccountSummary } from '@reviewroute/shared';
import { expectNoAxeViolations, lookAtWidths, useBrowser } from '../support/browser';
import { createSignedInUser } from '../support/cognito';
import { callOwnerApi, createSampleSurvey, publishSurvey, storedResponses, type ApiUser } from '../support/api';
import { signInThroughUi, texts as flowTexts, waitForPath, type Lang } from '../support/app-flows';
import { putExpiredGrowthYear } from '../support/local-mollie';
import { confirmPurchaseDetails, payOnTestCheckout } from '../support/purchase-card';
import { buyPlan, openPlans, planCard, plansPageTexts } from '../support/plans-page';

/**
 * Plans as entitlements (decisions 22), tried as an owner would: the current plan on /payments, extending
 * it, a small manual payment that buys nothing, a refund in the local Mollie, the wizard's upgrade prompt,
 * and an expired account's survey still taking ratings.
 */

const stack = inject('localStack');

/** Visible texts, exactly as web/src/locales/{en,nl}/{billing,wizard}.json have them. */
const texts = {
  en: {
    locale: 'en-US',
    current: 'Current plan',
    activeUntil: (date: string) => `Active until ${date}`,
    extend: 'Extend by a year',
    upgrade: 'Upgrade now',
    later: 'Buy for after your plan',
    customAmount: 'Pay a custom amount',
    amount: 'Amount',
    description: 'Description',
    pay: /^Pay EUR /,
    history: 'Transaction history',
    completeSetup: 'Complete setup',
    promptTitle: 'Upgrade to publish this survey',
    seePlans: 'See plans',
    stars: (n: number) => (n === 1 ? '1 star' : `${n} stars`),
    submit: 'Submit feedback',
  },
  nl: {
    locale: 'nl-NL',
    current: 'Huidig abonnement',
    activeUntil: (date: string) => `Actief tot ${date}`,
    extend: 'Met een jaar verlengen',
    upgrade: 'Nu upgraden',
    later: 'Kopen voor na je abonnement',
    customAmount: 'Een ander bedrag betalen',
    amount: 'Bedrag',
    description: 'Omschrijving',
    pay: /^Betaal EUR /,
    history: 'Betaalgeschiedenis',
    completeSetup: 'Instellen voltooien',
    promptTitle: 'Upgrade om deze enquête te publiceren',
    seePlans: 'Bekijk abonnementen',
    stars: (n: number) => (n === 1 ? '1 ster' : `${n} sterren`),
    submit: 'Feedback versturen',
  },
} as const;

const screenshots = fileURLToPath(new URL('../.artifacts/screenshots/plans/', import.meta.url));

/** Screenshots at phone and desktop width for a person to look at (git-ignored); nothing sticks out sideways. */
const lookAt = (page: Page, name: string) => lookAtWidths(page, (width) => `${screenshots}${name}-${width}.png`);

const planState = async (owner: ApiUser): Promise<AccountSummary['plan']> =>
  accountSummarySchema.parse(await callOwnerApi(owner, 'GET', pathOf('get-account'))).plan;

/** A plan's date as every page writes it: the shared formatter's long date, on the business's calendar. */
const longDate = (iso: string, lang: Lang) => formatDateTime(iso, lang, 'longDate');

/** On the local Mollie's hosted checkout: pays, and follows the app back to the billing tab; the payment's id. */
async function payAtCheckout(page: Page, lang: Lang): Promise<string> {
  const paymentId = await payOnTestCheckout(page);
  await waitForPath(page, `${flowTexts[lang].prefix}/account`);
  return paymentId;
}

/** The billing tab's "Active until" date once the plan state shows `until`. */
async function expectActiveUntil(page: Page, lang: Lang, until: string): Promise<void> {
  await page.goto(`${flowTexts[lang].prefix}/account?tab=billing`);
  await expect.poll(() => page.getByTestId('billing-until').textContent()).toBe(longDate(until, lang));
}

describe.each(['en', 'nl'] as const)('plans as entitlements (%s)', (lang) => {
  const t = texts[lang];
  const prefix = flowTexts[lang].prefix;
  const b = useBrowser({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 }, locale: t.locale });

  it('Growth bought is current and offers extend / upgrade; a second Growth adds a year; €1 buys nothing; a refund ends its year', async () => {
    const page = b.page();
    const owner = await createSignedInUser(stack);
    await signInThroughUi(page, lang, owner);

    await buyPlan(page, lang, 'Growth');
    const first = await planState(owner);
    expect(first).toMatchObject({ kind: 'active', tier: 'growth' });
    const firstUntil = first.kind === 'active' ? first.activeUntil : '';

    // /payments marks Growth as the current plan, with its end, and offers to extend it, not to buy it again.
    await openPlans(page, lang);
    const growth = planCard(page, lang, 'Growth');
    expect(await growth.getByTestId('plan-current').textContent()).toBe(t.current);
    expect(await growth.getByTestId('plan-active-until').textContent()).toBe(t.activeUntil(longDate(firstUntil, lang)));
    expect(await growth.getByRole('button', { name: plansPageTexts[lang].buyNow }).count()).toBe(0);
    await planCard(page, lang, 'Enterprise').getByRole('button', { name: t.upgrade }).waitFor();
    await planCard(page, lang, 'Starter').getByRole('button', { name: t.later }).waitFor();
    await expectNoAxeViolations(page);
    await lookAt(page, `current-plan-${lang}`);

    // Extending adds a year after the current one ends.
    await growth.getByRole('button', { name: t.extend }).click();
    // Prefilled from the profile the first purchase saved.
    await confirmPurchaseDetails(page, lang);
    const extension = await payAtCheckout(page, lang);
    const extended = await planState(owner);
    const yearLater = new Date(firstUntil);
    yearLater.setUTCFullYear(yearLater.getUTCFullYear() + 1);
    expect(extended).toMatchObject({ kind: 'active', tier: 'growth', activeUntil: yearLater.toISOString() });
    await expectActiveUntil(page, lang, yearLater.toISOString());
    await expectNoAxeViolations(page);

    // A €1 manual payment is recorded (and invoiced) but activates nothing.
    await openPlans(page, lang);
    await page.getByRole('button', { name: t.customAmount }).click();
    await page.getByLabel(t.amount).fill('1');
    await page.getByLabel(t.description).fill('Tip');
    await page.getByRole('button', { name: t.pay }).click();
    const manual = await payAtCheckout(page, lang);
    expect(await planState(owner)).toEqual(extended);
    await page.goto(`${prefix}/account?tab=billing`);
    await page.getByRole('list', { name: t.history }).locator(`[data-payment-id="${manual}"]`).waitFor();
    await expectActiveUntil(page, lang, yearLater.toISOString());

    // A refund in the local Mollie (its page for the paid payment) ends the year the extension bought.
    await page.goto(`${stack.urls.mollie}/checkout/${extension}`);
    await page.getByRole('button', { name: 'Refund' }).click();
    await page.getByText('This payment is paid and refunded.').waitFor();
    await expect.poll(async () => planState(owner)).toMatchObject({ kind: 'active', activeUntil: firstUntil });
    await expectActiveUntil(page, lang, firstUntil);
    // The billing history says which payment the money went back for.
    await page.goto(`${prefix}/account?tab=billing`);
    const refunded = page.getByRole('list', { name: t.history }).locator(`[data-payment-id="${extension}"]`);
    expect(await refunded.getByTestId('payment-reversal').textContent()).toMatch(/^(refunded|terugbetaald)$/i);
    // Four checkouts through the browser: more than the default time on a busy machine.
  }, 300_000);

  it('a trial account publishes 5 surveys and is refused the 6th in the wizard, with the upgrade prompt', async () => {
    const page = b.page();
    const owner = await createSignedInUser(stack);
    for (let n = 1; n <= 5; n++) await publishSurvey(owner, (await createSampleSurvey(owner, `Bakery ${n}`)).id);
    const sixth = await createSampleSurvey(owner, 'Bakery 6', { language: lang });
    await signInThroughUi(page, lang, owner);
    await page.goto(`${prefix}/review-routing-setup?survey=${sixth.id}`);
    // The step's form holds the saved survey's texts before it is completed.
    await expect.poll(() => page.locator('textarea').first().inputValue()).not.toBe('');
    await page.getByRole('button', { name: t.completeSetup }).click();
    const prompt = page.getByTestId('plan-limit-prompt');
    await prompt.getByText(t.promptTitle).waitFor();
    expect(new URL(page.url()).pathname).toBe(`${prefix}/review-routing-setup`);
    expect(await callOwnerApi(owner, 'GET', pathOf('get-survey', { surveyId: sixth.id }))).toMatchObject({
      isActive: false,
    });
    await expectNoAxeViolations(page);
    await lookAt(page, `upgrade-prompt-${lang}`);
    await prompt.getByRole('link', { name: t.seePlans }).click();
    await waitForPath(page, `${prefix}/payments`);
  });

  it('an expired account’s public page still takes a rating', async () => {
    const page = b.page();
    const owner = await createSignedInUser(stack);
    const survey = await publishSurvey(
      owner,
      (await createSampleSurvey(owner, 'Lapsed Bakery', { language: lang })).id,
    );
    await putExpiredGrowthYear(owner.userId, 'tr_lapsed0001');
    expect((await planState(owner)).kind).toBe('expired');

    // The owner's dashboard shows the renewal banner, which leads to /payments (decisions 22).
    await signInThroughUi(page, lang, owner);
    await page.goto(`${prefix}/dashboard`);
    const banner = page.getByTestId('renewal-banner');
    await banner.waitFor();
    await expectNoAxeViolations(page);
    await banner.getByRole('link', { name: /renew plan|abonnement verlengen/i }).click();
    await waitForPath(page, `${prefix}/payments`);

    await page.goto(new URL(survey.landingPageUrl!).pathname);
    await page.getByRole('radio', { name: t.stars(3), exact: true }).check();
    await page.getByRole('button', { name: t.submit }).click();
    await page.getByTestId('thank-you-mid').waitFor();
    await expectNoAxeViolations(page);
    expect((await storedResponses(survey.id)).map((r) => r.rating)).toEqual([3]);
  });
});

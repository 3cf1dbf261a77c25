import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  accountSummarySchema,
  formatDateTime,
  formatMoney,
  invoiceSchema,
  pathOf,
  trialDays,
} from '@reviewroute/shared';
import { expectNoAxeViolations, lookAtWidths, useBrowser } from '../support/browser';
import { createSignedInUser } from '../support/cognito';
import { callOwnerApi, stackEntities, type ApiUser } from '../support/api';
import { signInThroughUi, texts as flowTexts, type Lang } from '../support/app-flows';
import { waitForMail } from '../support/inbox';
import { buyPlan } from '../support/plans-page';

/**
 * The trial kept and 14 days money back (decisions 22 amended, 28), tried as an owner would: a Growth plan bought
 * on the trial's first day runs until a year after the trial ends; on trial day 3 (the payment's stored time moved
 * back two days: the controlled clock) the billing tab offers to cancel it, the local Mollie refunds it and the
 * billing tab shows the refund and links its credit note (the series' next number, naming the invoice it corrects,
 * negative amounts); deleting the account names the plan and the refund, which Mollie makes, and a mail
 * confirms the deletion.
 */

const stack = inject('localStack');
const dayMs = 24 * 60 * 60 * 1000;

/** Visible texts, exactly as web/src/locales/{en,nl}/{billing,account}.json have them. */
const texts = {
  en: {
    locale: 'en-US',
    offer: (date: string) =>
      `Paid less than 14 days ago: until ${date} you can cancel your Growth plan and get €120.00 back in full.`,
    cancel: 'Cancel plan and refund',
    confirmText: 'Your Growth plan ends now and €120.00 is refunded',
    confirm: 'Cancel and refund',
    refunded: 'Refunded',
    creditNoteLink: (number: string) => `Credit note ${number}`,
    creditNoteTitle: 'Credit note',
    corrects: (number: string) => `Corrects invoice ${number}`,
    trial: 'Free trial',
    history: 'Transaction history',
    deleteAccount: 'Delete account',
    plan: (date: string) =>
      `Your Growth plan (active until ${date}) ends with your account. It was paid less than 14 days ago: €120.00 will be refunded to the way you paid.`,
    emailLabel: 'Type your e-mail address to confirm',
    passwordLabel: 'Your password',
    confirmDelete: 'Delete my account',
    mailSubject: 'Your ReviewRoute account is being deleted',
    mailRefund: 'Refund: €120.00',
  },
  nl: {
    locale: 'nl-NL',
    offer: (date: string) =>
      `Minder dan 14 dagen geleden betaald: tot ${date} kun je je Growth-abonnement opzeggen en krijg je € 120,00 volledig terug.`,
    cancel: 'Abonnement opzeggen en terugbetalen',
    confirmText: 'Je Growth-abonnement stopt nu en € 120,00 wordt teruggestort',
    confirm: 'Opzeggen en terugbetalen',
    refunded: 'Terugbetaald',
    creditNoteLink: (number: string) => `Creditnota ${number}`,
    creditNoteTitle: 'Creditnota',
    corrects: (number: string) => `Corrigeert factuur ${number}`,
    trial: 'Gratis proefperiode',
    history: 'Betaalgeschiedenis',
    deleteAccount: 'Account verwijderen',
    plan: (date: string) =>
      `Je Growth-abonnement (actief tot ${date}) stopt samen met je account. Het is minder dan 14 dagen geleden betaald: € 120,00 wordt teruggestort op de manier waarop je hebt betaald.`,
    emailLabel: 'Typ je e-mailadres om te bevestigen',
    passwordLabel: 'Je wachtwoord',
    confirmDelete: 'Mijn account verwijderen',
    mailSubject: 'Je ReviewRoute-account wordt verwijderd',
    mailRefund: 'Terugbetaling: € 120,00',
  },
} as const;

const screenshots = fileURLToPath(new URL('../.artifacts/screenshots/money-back/', import.meta.url));

/** Screenshots at phone and laptop width for a person to look at; nothing sticks out sideways. */
const lookAt = (page: Page, name: string) => lookAtWidths(page, (width) => `${screenshots}${name}-${width}.png`);

/** Spaces as the page writes them (Intl puts a no-break space in "€ 120,00"). */
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
const longDate = (iso: string, lang: Lang) => formatDateTime(iso, lang, 'longDate');

const accountOf = async (owner: ApiUser) =>
  accountSummarySchema.parse(await callOwnerApi(owner, 'GET', pathOf('get-account')));

/** A year after the account's trial ends (ISO): how long a plan paid during the trial runs. */
async function yearAfterTrial(owner: ApiUser): Promise<string> {
  const until = new Date(Date.parse((await accountOf(owner)).createdAt) + trialDays * dayMs);
  until.setUTCFullYear(until.getUTCFullYear() + 1);
  return until.toISOString();
}

/** The local Mollie's refunds of a payment (its API also answers plain HTTP). */
async function mollieRefunds(paymentId: string): Promise<Record<string, unknown>[]> {
  const res = await fetch(`${stack.urls.mollie}/v2/payments/${paymentId}/refunds`, {
    headers: { authorization: `Bearer ${stack.env.MOLLIE_API_KEY}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { _embedded: { refunds: Record<string, unknown>[] } })._embedded.refunds;
}

describe.each(['en', 'nl'] as const)('the trial kept and 14 days money back (%s)', (lang) => {
  const t = texts[lang];
  const prefix = flowTexts[lang].prefix;
  const b = useBrowser({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 }, locale: t.locale });

  it('a plan paid on trial day 1 runs until a year after the trial; cancelled on day 3 it is refunded and shown so', async () => {
    const page = b.page();
    const owner = await createSignedInUser(stack);
    await signInThroughUi(page, lang, owner);
    const paymentId = await buyPlan(page, lang, 'Growth');
    const until = await yearAfterTrial(owner);
    expect((await accountOf(owner)).plan).toMatchObject({ kind: 'active', tier: 'growth', activeUntil: until });

    // Trial day 3: the controlled clock moves the stored payment two days back.
    const paidAt = new Date(Date.now() - 2 * dayMs);
    await stackEntities()
      .payment.patch({ userId: owner.userId, paymentId })
      .set({ paidAt: paidAt.toISOString(), createdAt: paidAt.toISOString() })
      .go();
    await page.goto(`${prefix}/account?tab=billing`);
    const offer = page.getByTestId('refund-offer');
    await offer.waitFor();
    expect(plain(await offer.locator('p').textContent())).toBe(
      plain(t.offer(longDate(new Date(paidAt.getTime() + 14 * dayMs).toISOString(), lang))),
    );
    await expectNoAxeViolations(page);
    await lookAt(page, `refund-offer-${lang}`);

    await offer.getByRole('button', { name: t.cancel }).click();
    const dialog = page.getByRole('alertdialog');
    expect(plain(await dialog.textContent())).toContain(plain(t.confirmText));
    await expectNoAxeViolations(page);
    await lookAt(page, `refund-dialog-${lang}`);
    await dialog.getByRole('button', { name: t.confirm }).click();

    // Refunded at Mollie, in full, once.
    await expect
      .poll(() => mollieRefunds(paymentId))
      .toEqual([expect.objectContaining({ status: 'refunded', amount: { value: '120.00', currency: 'EUR' } })]);
    // The billing tab shows the refund on the payment, the offer is gone and the trial runs on.
    const row = page.getByRole('list', { name: t.history }).locator(`[data-payment-id="${paymentId}"]`);
    await expect.poll(() => row.getByTestId('payment-reversal').textContent()).toBe(t.refunded);
    await expect.poll(() => page.getByTestId('billing-state').textContent()).toBe(t.trial);
    expect(await page.getByTestId('refund-offer').count()).toBe(0);
    expect((await accountOf(owner)).plan.kind).toBe('trial');
    // Its credit note: linked from the refunded row, numbered right after the invoice it corrects.
    const invoice = invoiceSchema.parse(await callOwnerApi(owner, 'GET', pathOf('get-invoice', { paymentId })));
    const creditNote = invoiceSchema.parse(await callOwnerApi(owner, 'GET', pathOf('get-credit-note', { paymentId })));
    expect(creditNote).toMatchObject({ credits: invoice.number, amount: -120 });
    const link = row.getByTestId('credit-note-link');
    await link.waitFor();
    expect(plain(await link.textContent())).toBe(t.creditNoteLink(creditNote.number));
    await expectNoAxeViolations(page);
    await lookAt(page, `refunded-${lang}`);

    await link.click();
    const document = page.getByRole('article', { name: t.creditNoteTitle });
    await document.waitFor();
    expect(await page.getByTestId('invoice-number').textContent()).toBe(creditNote.number);
    expect(await page.getByTestId('invoice-corrects').textContent()).toBe(t.corrects(invoice.number));
    expect(plain(await page.getByTestId('invoice-total').textContent())).toBe(plain(formatMoney(-120, 'EUR', lang)));
    await expectNoAxeViolations(page);
    await lookAt(page, `credit-note-${lang}`);
  }, 180_000);

  it('deleting the account names the plan and the refund; Mollie refunds it and a mail confirms the deletion', async () => {
    const page = b.page();
    const owner = await createSignedInUser(stack, { locale: lang });
    await signInThroughUi(page, lang, owner);
    const paymentId = await buyPlan(page, lang, 'Growth');
    const until = await yearAfterTrial(owner);

    await page.goto(`${prefix}/account?tab=danger`);
    await page.getByRole('button', { name: t.deleteAccount }).click();
    const dialog = page.getByRole('alertdialog');
    const named = dialog.getByTestId('delete-plan');
    await named.waitFor();
    expect(plain(await named.textContent())).toBe(plain(t.plan(longDate(until, lang))));
    await expectNoAxeViolations(page);
    await lookAt(page, `delete-plan-${lang}`);

    await dialog.getByLabel(t.emailLabel).fill(owner.email);
    await dialog.getByLabel(t.passwordLabel).fill(owner.password);
    await dialog.getByRole('button', { name: t.confirmDelete }).click();
    await page.waitForURL((url) => url.pathname === (prefix || '/'));
    expect(await mollieRefunds(paymentId)).toEqual([
      expect.objectContaining({ status: 'refunded', amount: { value: '120.00', currency: 'EUR' } }),
    ]);
    const mail = await waitForMail(stack.urls.inbox, owner.email, { subject: t.mailSubject });
    expect(plain(mail.body.text ?? '')).toContain(plain(t.mailRefund));
  }, 180_000);
});

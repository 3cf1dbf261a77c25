import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type AccountSummary, type Payment } from '@reviewroute/shared';
import { samplePayment } from '@reviewroute/shared/testing';
import { apiCalls, apiHandler, serveApi } from '@testing/api';
import { renderWithApp } from '@testing/render';
import { BillingTab } from './billing-tab';

const amplify = vi.hoisted(() => ({ fetchAuthSession: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);

const owner = { userId: 'u1', email: 'owner@example.com' };

const payment = samplePayment;

/** The credit note a refund issued (the next number after the invoice it corrects). */
const creditNoteOf = (paymentId: string) => ({
  number: '2026-000012',
  paymentId,
  issuedAt: '2026-11-27T10:00:00.000Z',
  amount: -120,
  currency: 'EUR',
  plan: 'growth',
  description: 'Growth - Annual Subscription',
  seller: { name: 'ReviewRoute B.V.', address: 'Keizersgracht 1', kvkNumber: '12345678', vatNumber: 'NL123456789B01' },
  buyer: null,
  credits: '2026-000011',
});

function stubBilling(plan: AccountSummary['plan'], payments: Payment[]) {
  serveApi(
    apiHandler('list-payments', () => HttpResponse.json({ payments })),
    apiHandler('get-credit-note', ({ params }) => HttpResponse.json({ ...creditNoteOf(String(params.paymentId)) })),
    apiHandler('get-account', () =>
      HttpResponse.json({ userId: 'u1', email: owner.email, createdAt: '2026-11-20T00:00:00.000Z', plan }),
    ),
  );
}

const tab = (path = '/account?tab=billing') =>
  renderWithApp(<BillingTab />, {
    path,
    session: owner,
    routePath: path.startsWith('/nl') ? '/nl/account' : '/account',
  });

/** The toast whose description is `description`, and its title (earlier tests' toasts may still be around). */
async function toastTitle(description: string) {
  const element = (await screen.findByText(description, { selector: '[data-description]' })).closest(
    '[data-sonner-toast]',
  ) as HTMLElement;
  return element.querySelector('[data-title]')?.textContent;
}

beforeEach(() => {
  amplify.fetchAuthSession.mockResolvedValue({ tokens: { idToken: { toString: () => 'id-token' } } });
});

const activeGrowth = {
  kind: 'active',
  daysRemaining: 365,
  tier: 'growth',
  paidAt: '2026-11-25T10:00:00.000Z',
  activeUntil: '2027-11-25T10:00:00.000Z',
} as const;
const expiredStarter = {
  kind: 'expired',
  tier: 'starter',
  paidAt: '2024-01-01T00:00:00.000Z',
  endedAt: '2025-01-01T00:00:00.000Z',
} as const;

describe('billing tab (spec 2 "Account", 3, 4)', () => {
  it('a trial: Free trial, the days remaining, no payments yet, a way to the plans', async () => {
    stubBilling({ kind: 'trial', daysRemaining: 7 }, []);
    tab();
    expect((await screen.findByTestId('billing-state')).textContent).toBe('Free trial');
    expect(screen.getByTestId('billing-days').textContent).toBe('7 days remaining');
    expect(screen.getByText('No payments yet.')).toBeTruthy();
    expect(screen.getByText('You have not made any payments yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/payments');
  });

  it('an active plan: tier, days left, active until and the history newest first with status icons, method and invoices', async () => {
    stubBilling(activeGrowth, [
      payment({
        id: 'tr_new',
        status: 'pending',
        providerStatus: 'open',
        method: null,
        cardLabel: null,
        paidAt: null,
        createdAt: '2026-11-26T10:00:00.000Z',
        description: 'Payment',
        amount: 10,
        currency: 'USD',
        plan: null,
      }),
      payment(),
      payment({
        id: 'tr_failed',
        status: 'failed',
        providerStatus: 'failed',
        method: 'ideal',
        cardLabel: null,
        paidAt: null,
        createdAt: '2026-11-24T10:00:00.000Z',
      }),
    ]);
    tab();
    expect((await screen.findByTestId('billing-state')).textContent).toBe('Active');
    expect(screen.getByTestId('billing-days').textContent).toBe('365 days remaining');
    expect(screen.getByTestId('billing-tier').textContent).toBe('Growth');
    // One-off payments renew nothing by themselves: the end of what was bought.
    expect(screen.getByText('Active until')).toBeTruthy();
    expect(screen.queryByText(/Renews/)).toBeNull();
    expect(screen.getByTestId('billing-until').textContent).toBe('25 November 2027');
    expect(screen.getByRole('link', { name: 'View plans' }).getAttribute('href')).toBe('/payments');

    const rows = within(screen.getByTestId('billing-history')).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('data-payment-id'))).toEqual(['tr_new', 'tr_paid', 'tr_failed']);
    const [pending, paid, failed] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(pending).getByText('Pending').closest('[data-status]')?.querySelector('svg')).toBeTruthy();
    expect(within(pending).getByText('US$10.00')).toBeTruthy();
    expect(within(pending).getByText(/Not chosen/)).toBeTruthy();
    expect(within(pending).getByText('No invoice')).toBeTruthy();
    expect(within(paid).getByText('Completed')).toBeTruthy();
    expect(within(paid).getByText('€120.00')).toBeTruthy();
    expect(within(paid).getByText('incl. VAT')).toBeTruthy();
    // A plan payment is named from the catalogue, in the reader's language; a manual one keeps its description.
    expect(within(paid).getByText('Growth plan, 1 year')).toBeTruthy();
    expect(within(paid).getByText(/Visa •••• 4242/)).toBeTruthy();
    expect(
      within(paid)
        .getByRole('link', { name: 'Invoice for Growth plan, 1 year of 25 November 2026' })
        .getAttribute('href'),
    ).toBe('/account/invoices/tr_paid');
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText(/iDEAL/)).toBeTruthy();
    // The most recent payment has its own card.
    expect(within(screen.getByRole('list', { name: 'Recent payment' })).getByText('Payment')).toBeTruthy();
  });

  it('an expired plan says so and offers to renew', async () => {
    stubBilling(expiredStarter, [payment({ amount: 60 })]);
    tab();
    expect((await screen.findByTestId('billing-state')).textContent).toBe('Expired');
    expect(screen.queryByTestId('billing-days')).toBeNull();
    expect(screen.getByText('Ended on')).toBeTruthy();
    expect(screen.getByTestId('billing-until').textContent).toBe('1 January 2025');
    expect(screen.getByRole('link', { name: 'Renew plan' })).toBeTruthy();
  });

  it.each([
    ['/account?tab=billing', 'Refunded', 'Charged back', 'Credit note 2026-000012'],
    ['/nl/account?tab=billing', 'Terugbetaald', 'Teruggeboekt', 'Creditnota 2026-000012'],
  ])(
    '%s: a refunded or charged-back payment says so beside its status; others carry no such label',
    async (path, refunded, chargedBack, creditNoteText) => {
      stubBilling(expiredStarter, [
        payment({ id: 'tr_refunded', reversal: 'refunded', createdAt: '2026-11-26T10:00:00.000Z' }),
        payment({ id: 'tr_charged', reversal: 'charged-back', createdAt: '2026-11-25T10:00:00.000Z' }),
        payment({ id: 'tr_kept', reversal: null, createdAt: '2026-11-24T10:00:00.000Z' }),
      ]);
      tab(path);
      const history = await screen.findByTestId('billing-history');
      const row = (id: string) => history.querySelector(`[data-payment-id="${id}"]`) as HTMLElement;
      expect(within(row('tr_refunded')).getByTestId('payment-reversal').textContent).toBe(refunded);
      expect(within(row('tr_charged')).getByTestId('payment-reversal').textContent).toBe(chargedBack);
      expect(within(row('tr_kept')).queryByTestId('payment-reversal')).toBeNull();
      // The refunded row links its credit note; a chargeback issues none.
      const link = await within(row('tr_refunded')).findByTestId('credit-note-link');
      expect(link.textContent).toBe(creditNoteText);
      expect(link.getAttribute('href')).toBe(
        `${path.startsWith('/nl') ? '/nl' : ''}/account/invoices/tr_refunded?document=credit-note`,
      );
      expect(within(row('tr_charged')).queryByTestId('credit-note-link')).toBeNull();
    },
  );

  it('payment=success: the success toast, billing read again, the parameter removed (tab stays)', async () => {
    stubBilling(activeGrowth, [payment()]);
    const { router } = tab('/account?tab=billing&payment=success');
    expect(await toastTitle('Your subscription has been activated. Welcome aboard!')).toBe('Payment successful!');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=billing'));
    await screen.findByTestId('billing-state');
    expect(apiCalls().filter((c) => c.route === 'list-payments').length).toBeGreaterThanOrEqual(1);
  });

  it('the toast speaks Dutch under /nl', async () => {
    stubBilling({ kind: 'trial', daysRemaining: 3 }, []);
    const { router } = tab('/nl/account?tab=billing&payment=success');
    expect(await toastTitle('Je abonnement is geactiveerd. Welkom aan boord!')).toBe('Betaling geslaagd!');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=billing'));
    expect((await screen.findByTestId('billing-days')).textContent).toBe('Nog 3 dagen');
  });

  it('offers a plan paid less than 14 days ago for a full refund; confirmed, it is refunded and shown so', async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
    const paid = payment({ id: 'tr_recent', createdAt: daysAgo(2), paidAt: daysAgo(2) });
    let refunded = false;
    serveApi(
      apiHandler('list-payments', () =>
        HttpResponse.json({ payments: [refunded ? { ...paid, reversal: 'refunded' } : paid] }),
      ),
      apiHandler('get-account', () =>
        HttpResponse.json({
          userId: 'u1',
          email: owner.email,
          createdAt: daysAgo(3),
          plan: refunded ? { kind: 'trial', daysRemaining: 4 } : activeGrowth,
        }),
      ),
      apiHandler('get-credit-note', () =>
        refunded
          ? HttpResponse.json(creditNoteOf('tr_recent'))
          : HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'x' } }, { status: 404 }),
      ),
      apiHandler('refund-payment', () => {
        refunded = true;
        return HttpResponse.json({ ...paid, reversal: 'refunded' });
      }),
    );
    tab();
    const offer = await screen.findByTestId('refund-offer');
    expect(offer.textContent).toContain('you can cancel your Growth plan and get €120.00 back in full');
    within(offer).getByRole('button', { name: 'Cancel plan and refund' }).click();
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Your Growth plan ends now and €120.00 is refunded');
    within(dialog).getByRole('button', { name: 'Cancel and refund' }).click();
    await waitFor(() => expect(screen.queryByTestId('refund-offer')).toBeNull());
    expect(apiCalls().filter((c) => c.route === 'refund-payment')).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/payments/tr_recent/refund' }),
    ]);
    expect((await screen.findAllByTestId('payment-reversal'))[0]!.textContent).toBe('Refunded');
    expect((await screen.findAllByTestId('credit-note-link'))[0]!.textContent).toBe('Credit note 2026-000012');
    expect((await screen.findByTestId('billing-state')).textContent).toBe('Free trial');
  });

  it('offers no refund for a plan paid 14 days ago or more, nor for a refunded one', async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
    stubBilling(activeGrowth, [
      payment({ id: 'tr_old', createdAt: daysAgo(15), paidAt: daysAgo(15) }),
      payment({ id: 'tr_back', createdAt: daysAgo(1), paidAt: daysAgo(1), reversal: 'refunded' }),
    ]);
    tab();
    await screen.findByTestId('billing-history');
    expect(screen.queryByTestId('refund-offer')).toBeNull();
  });

  it('a failed read says so and can try again', async () => {
    const fail = () => HttpResponse.json({ error: { code: 'INTERNAL', message: 'x' } }, { status: 500 });
    serveApi(apiHandler('get-account', fail), apiHandler('list-payments', fail));
    tab();
    expect(await screen.findByText('Failed to load billing information.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

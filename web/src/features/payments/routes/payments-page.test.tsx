import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpResponse } from 'msw';
import { emptyProfile, pathOf, type Payment } from '@reviewroute/shared';
import { samplePayment } from '@reviewroute/shared/testing';
import { apiCalls, apiHandler, serveApi } from '@testing/api';
import { renderWithApp } from '@testing/render';
import { PaymentsPage } from './payments-page';

const amplify = vi.hoisted(() => ({ fetchAuthSession: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);
const checkout = vi.hoisted(() => ({ leaveForCheckout: vi.fn() }));
vi.mock('../lib/last-payment', async (original) => ({ ...(await original<object>()), ...checkout }));

const owner = { userId: 'u1', email: 'owner@example.com' };
const storageKey = 'reviewroute.lastPaymentId';

const trial = { kind: 'trial', daysRemaining: 6 };
/** The calls of the payments themselves (the page also reads the plan state, the card the profile). */
const paymentCalls = () => apiCalls().filter((c) => c.route !== 'get-account' && c.route !== 'get-profile');
const accountHandler = (plan: unknown = trial) =>
  apiHandler('get-account', () =>
    HttpResponse.json({ userId: 'u1', email: owner.email, createdAt: '2026-01-01T00:00:00.000Z', plan }),
  );
const payment = (overrides: Partial<Payment> = {}): Payment => samplePayment({ id: 'tr_123', ...overrides });
/** The profile the purchase card is prefilled from: a business name and address, no VAT number yet. */
const profileHandler = () =>
  apiHandler('get-profile', () =>
    HttpResponse.json({
      ...emptyProfile('u1'),
      businessName: 'Bakkerij Anna',
      businessAddress: 'Dorpsstraat 1\n3511 AA Utrecht',
      updatedAt: '2026-01-02T00:00:00.000Z',
    }),
  );
const buyer = { businessName: 'Bakkerij Anna', businessAddress: 'Dorpsstraat 1\n3511 AA Utrecht' };

/**
 * The API: create answers a checkout; get answers `current` (a list, one per call, the last repeating); the
 * account summary has the plan state `plan` (a trial by default).
 */
function stubApi(current: Payment[] = [payment()], create?: () => Response, plan: unknown = trial) {
  let gets = 0;
  serveApi(
    accountHandler(plan),
    profileHandler(),
    apiHandler(
      'create-payment',
      () =>
        create?.() ??
        HttpResponse.json({ paymentId: 'tr_new', checkoutUrl: 'https://checkout.example/tr_new' }, { status: 201 }),
    ),
    apiHandler('get-payment', () => {
      const answer = current[Math.min(gets, current.length - 1)];
      gets += 1;
      return HttpResponse.json(answer);
    }),
  );
}
const createCall = (body: Record<string, unknown>) => ({
  route: 'create-payment',
  method: 'POST',
  path: pathOf('create-payment'),
  body,
});

const page = (path: string, session: typeof owner | null = owner) =>
  renderWithApp(<PaymentsPage />, {
    path,
    session,
    routes: [
      { path: '/auth', element: <p>auth page</p> },
      { path: '/account', element: <p>account page</p> },
      { path: '/nl/account', element: <p>account page</p> },
    ],
  });

beforeEach(() => {
  amplify.fetchAuthSession.mockResolvedValue({ tokens: { idToken: { toString: () => 'id-token' } } });
  window.sessionStorage.clear();
});
afterEach(() => {
  checkout.leaveForCheckout.mockReset();
});

const planCard = (name: string) => screen.getByRole('listitem', { name });

/** The toast whose description is `description`, and its title (earlier tests' toasts may still be around). */
async function toast(description: string) {
  const element = (await screen.findByText(description, { selector: '[data-description]' })).closest(
    '[data-sonner-toast]',
  ) as HTMLElement;
  return element.querySelector('[data-title]')?.textContent;
}

describe('/payments (spec 2 "Payments")', () => {
  it('shows the heading, Back to dashboard and three plans with list and launch price incl. VAT; Growth is Most popular', async () => {
    stubApi();
    page('/payments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your plan' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByText('Authentication required')).toBeNull();
    // decisions 21: the spec's list price struck through as the regular price, the charged amount beside it.
    const prices: [name: string, list: string, launch: string][] = [
      ['Starter', '€120 / year', 'Launch price: €60 / year'],
      ['Growth', '€300 / year', 'Launch price: €120 / year'],
      ['Enterprise', '€750 / year', 'Launch price: €350 / year'],
    ];
    for (const [name, list, launch] of prices) {
      const card = planCard(name);
      expect(within(card).getByTestId('plan-list-price').textContent).toBe(`Regular price: ${list}`);
      expect(within(card).getByTestId('plan-list-price').querySelector('s')?.textContent).toBe(list);
      expect(within(card).getByTestId('plan-launch-price').textContent).toBe(launch);
      expect(within(card).getByText('incl. VAT')).toBeTruthy();
      expect((within(card).getByRole('button', { name: 'Buy now' }) as HTMLButtonElement).disabled).toBe(false);
    }
    expect(within(planCard('Growth')).getByText('Most popular')).toBeTruthy();
    expect(within(planCard('Starter')).queryByText('Most popular')).toBeNull();
  });

  it('with a Growth plan: Growth is marked current with its end and offers to extend; Enterprise upgrades, Starter follows', async () => {
    stubApi([payment()], undefined, {
      kind: 'active',
      daysRemaining: 300,
      tier: 'growth',
      paidAt: '2026-11-25T10:00:00.000Z',
      activeUntil: '2027-11-25T10:00:00.000Z',
    });
    page('/payments');
    const growth = planCard('Growth');
    expect((await within(growth).findByTestId('plan-current')).textContent).toBe('Current plan');
    expect(within(growth).getByTestId('plan-active-until').textContent).toBe('Active until 25 November 2027');
    expect(within(growth).getByRole('button', { name: 'Extend by a year' })).toBeTruthy();
    expect(within(growth).queryByRole('button', { name: 'Buy now' })).toBeNull();
    expect(within(planCard('Enterprise')).getByRole('button', { name: 'Upgrade now' })).toBeTruthy();
    expect(within(planCard('Starter')).getByRole('button', { name: 'Buy for after your plan' })).toBeTruthy();
    expect(within(planCard('Starter')).queryByTestId('plan-current')).toBeNull();
    expect(screen.getByTestId('plan-current-note').textContent).toContain(
      'Growth plan is active until 25 November 2027',
    );
  });

  it('with an expired Growth plan: Growth offers to renew, the others are bought', async () => {
    stubApi([payment()], undefined, {
      kind: 'expired',
      tier: 'growth',
      paidAt: '2024-11-25T10:00:00.000Z',
      endedAt: '2025-11-25T10:00:00.000Z',
    });
    page('/nl/payments');
    expect(await within(planCard('Growth')).findByRole('button', { name: 'Verlengen' })).toBeTruthy();
    expect(within(planCard('Starter')).getByRole('button', { name: 'Nu kopen' })).toBeTruthy();
    expect(screen.queryByTestId('plan-current')).toBeNull();
  });

  it('signed out: the Authentication required banner with Log in; Buy now reads disabled, and a click explains and goes to /auth', async () => {
    stubApi();
    const { router } = page('/payments', null);
    expect(await screen.findByText('Authentication required')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/auth?tab=signin');
    const buy = within(planCard('Growth')).getByRole('button', { name: 'Buy now' });
    expect(buy.getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Pay a custom amount' })).toBeNull();
    await userEvent.click(buy);
    expect(
      await screen.findByText('Please log in to purchase a subscription plan.', { selector: '[data-description]' }),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(paymentCalls()).toEqual([]);
  });

  it('a plan goes Selecting... → Selected ✓, opens Complete your purchase and leaves for the checkout of that plan', async () => {
    stubApi();
    page('/payments');
    await userEvent.click(
      within(await screen.findByRole('listitem', { name: 'Growth' })).getByRole('button', { name: 'Buy now' }),
    );
    expect(within(planCard('Growth')).getByRole('button', { name: 'Selecting...' })).toBeTruthy();
    // Busy: no second plan meanwhile.
    expect((within(planCard('Starter')).getByRole('button', { name: 'Buy now' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(await within(planCard('Growth')).findByRole('button', { name: 'Selected ✓' })).toBeTruthy();
    const card = screen
      .getByRole('heading', { name: 'Complete your purchase' })
      .closest('[data-slot=card]') as HTMLElement;
    expect(within(card).getByText('Growth')).toBeTruthy();
    // Only the launch price: what the checkout and the invoice show, with the VAT it includes.
    expect(within(card).queryByText(/€300/)).toBeNull();
    expect(within(card).getByText('Launch price')).toBeTruthy();
    expect(within(card).getByText('€120 / year')).toBeTruthy();
    expect(within(card).getByText('1 year')).toBeTruthy();
    expect(within(card).getByText('€120.00')).toBeTruthy();
    expect(within(card).getByText('incl. €20.83 VAT')).toBeTruthy();
    // The business on the invoice, prefilled from the profile; a VAT number in no country's format is refused.
    const name = (await within(card).findByLabelText('Business name')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Bakkerij Anna'));
    expect((within(card).getByLabelText('Business address') as HTMLTextAreaElement).value).toBe(buyer.businessAddress);
    const vat = within(card).getByLabelText('VAT number (optional)');
    await userEvent.type(vat, 'NL123');
    await userEvent.click(within(card).getByRole('button', { name: 'Continue to payment' }));
    expect(
      await within(card).findByText(
        'This is not an EU VAT number: enter it with its country code, such as NL123456789B01',
      ),
    ).toBeTruthy();
    expect(vat.getAttribute('aria-invalid')).toBe('true');
    expect(paymentCalls()).toEqual([]);
    await userEvent.clear(vat);
    await userEvent.type(vat, 'nl 1234.56789 b01');
    await userEvent.click(within(card).getByRole('button', { name: 'Continue to payment' }));
    expect(await within(card).findByText('Processing your payment...')).toBeTruthy();
    expect(within(card).getByText('You will be redirected to a payment provider')).toBeTruthy();
    await waitFor(() => expect(checkout.leaveForCheckout).toHaveBeenCalledWith('https://checkout.example/tr_new'));
    expect(paymentCalls()).toEqual([
      createCall({ kind: 'plan', plan: 'growth', language: 'en', buyer: { ...buyer, vatNumber: 'NL123456789B01' } }),
    ]);
    expect(window.sessionStorage.getItem(storageKey)).toBe('tr_new');
  });

  it('Cancel clears the selection', async () => {
    // The create never answers: Cancel comes first.
    serveApi(
      accountHandler(),
      profileHandler(),
      apiHandler('create-payment', () => new Promise<never>(() => undefined)),
    );
    page('/payments');
    await userEvent.click(
      within(await screen.findByRole('listitem', { name: 'Starter' })).getByRole('button', { name: 'Buy now' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('heading', { name: 'Complete your purchase' })).toBeNull();
    expect((within(planCard('Starter')).getByRole('button', { name: 'Buy now' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(checkout.leaveForCheckout).not.toHaveBeenCalled();
  });

  it('a failed create: the Payment failed toast with the message, and the form offers another try', async () => {
    stubApi(undefined, () =>
      HttpResponse.json(
        { error: { code: 'SERVICE_UNAVAILABLE', message: 'Failed to create payment' } },
        { status: 503 },
      ),
    );
    page('/payments');
    await userEvent.click(
      within(await screen.findByRole('listitem', { name: 'Growth' })).getByRole('button', { name: 'Buy now' }),
    );
    await waitFor(() =>
      expect((screen.getByLabelText('Business name') as HTMLInputElement).value).toBe('Bakkerij Anna'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Payment failed. Please try again.')).toBeTruthy();
    expect(await toast('Failed to create payment')).toBe('Payment failed');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(checkout.leaveForCheckout).not.toHaveBeenCalled();
  });

  it('the return from a paid checkout: checks the payment, shows the success toast and then opens the billing tab', async () => {
    window.sessionStorage.setItem(storageKey, 'tr_123');
    stubApi([payment({ status: 'pending', providerStatus: 'open', paidAt: null }), payment()]);
    const { router } = page('/payments?success=true');
    expect(await screen.findByText('Checking your payment...')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await toast("Your payment (tr_123) has been processed. You'll receive a confirmation email shortly.")).toBe(
      'Payment successful!',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(router.state.location.search).toBe('?tab=billing&payment=success');
    const tr123 = pathOf('get-payment', { paymentId: 'tr_123' });
    expect(paymentCalls().map((c) => c.path)).toEqual([tr123, tr123]);
    expect(window.sessionStorage.getItem(storageKey)).toBeNull();
  });

  it('the return from a canceled checkout says Payment failed with why, and stays', async () => {
    window.sessionStorage.setItem(storageKey, 'tr_123');
    stubApi([payment({ status: 'failed', providerStatus: 'canceled', paidAt: null })]);
    const { router } = page('/payments?success=true');
    expect(await toast('The payment was canceled.')).toBe('Payment failed');
    expect(router.state.location.pathname).toBe('/payments');
    expect(router.state.location.search).toBe('');
  });

  it('error=… shows Payment failed with the decoded text and leaves the address', async () => {
    stubApi();
    const { router } = page('/payments?error=Card%20declined%3A%20try%20another');
    expect(await toast('Card declined: try another')).toBe('Payment failed');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('success=true without a known payment shows the activation toast', async () => {
    stubApi();
    const { router } = page('/payments?success=true');
    expect(await toast('Your subscription has been activated. Welcome aboard!')).toBe('Payment successful!');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(paymentCalls()).toEqual([]);
  });

  it('a custom amount: defaults, Pay {currency} {amount}, disabled without amount or description, then Check status', async () => {
    stubApi([payment({ id: 'tr_new', status: 'pending', providerStatus: 'open', paidAt: null })]);
    page('/payments');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay a custom amount' }));
    const amount = screen.getByLabelText('Amount') as HTMLInputElement;
    const description = screen.getByLabelText('Description') as HTMLInputElement;
    expect([amount.value, amount.min, amount.step, description.value]).toEqual(['60', '1', '0.01', 'Payment']);
    const pay = () => screen.getByRole('button', { name: /^Pay [A-Z]{3} / }) as HTMLButtonElement;
    expect(pay().textContent).toBe('Pay EUR 60.00');
    expect(screen.queryByRole('button', { name: 'Check status' })).toBeNull();

    await userEvent.clear(description);
    await waitFor(() => expect(pay().disabled).toBe(true));
    await userEvent.type(description, 'Invoice 42');
    await userEvent.clear(amount);
    await userEvent.type(amount, '0');
    await waitFor(() => expect(pay().disabled).toBe(true));
    // Below €1: refused before anything is charged.
    await userEvent.clear(amount);
    await userEvent.type(amount, '0.5');
    expect(await screen.findByText('Amount must be at least €1.00')).toBeTruthy();
    expect(pay().disabled).toBe(true);
    await userEvent.clear(amount);
    await userEvent.type(amount, '75.5');
    await waitFor(() => expect(pay().textContent).toBe('Pay EUR 75.50'));
    await userEvent.click(pay());
    await waitFor(() => expect(checkout.leaveForCheckout).toHaveBeenCalledWith('https://checkout.example/tr_new'));
    expect(paymentCalls()[0]).toEqual(
      createCall({ kind: 'manual', amount: 75.5, currency: 'EUR', description: 'Invoice 42', language: 'en' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Check status' }));
    expect(await screen.findByText('Status of payment tr_new: Pending')).toBeTruthy();
    expect(paymentCalls()[1]?.path).toBe(pathOf('get-payment', { paymentId: 'tr_new' }));
  });

  it('speaks Dutch under /nl', async () => {
    stubApi();
    page('/nl/payments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kies je abonnement' })).toBeTruthy();
    expect(within(planCard('Growth')).getByText('Meest gekozen')).toBeTruthy();
    const text = (id: string) => within(planCard('Growth')).getByTestId(id).textContent?.replace(/\s/g, ' ');
    expect(text('plan-list-price')).toBe('Normale prijs: € 300 / jaar');
    expect(text('plan-launch-price')).toBe('Introductieprijs: € 120 / jaar');
    expect(within(planCard('Growth')).getByText('incl. btw')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Een ander bedrag betalen' }));
    expect(screen.getByRole('button', { name: 'Betaal EUR 60,00' })).toBeTruthy();
    expect((screen.getByLabelText('Omschrijving') as HTMLInputElement).value).toBe('Betaling');
    await userEvent.click(within(planCard('Growth')).getByRole('button', { name: 'Nu kopen' }));
    const card = (await screen.findByRole('heading', { name: 'Rond je aankoop af' })).closest(
      '[data-slot=card]',
    ) as HTMLElement;
    expect(within(card).getByText('Introductieprijs')).toBeTruthy();
    expect(within(card).getByText(/^€\s120,00$/)).toBeTruthy();
    expect(within(card).getByText(/^incl\. €\s20,83 btw$/)).toBeTruthy();
    // The card asks in Dutch; the business details go with the payment.
    await waitFor(() =>
      expect((within(card).getByLabelText('Bedrijfsnaam') as HTMLInputElement).value).toBe('Bakkerij Anna'),
    );
    expect(within(card).getByLabelText('Btw-nummer (optioneel)')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Verder naar betalen' }));
    await waitFor(() =>
      expect(paymentCalls()[0]?.body).toEqual({
        kind: 'plan',
        plan: 'growth',
        language: 'nl',
        buyer: { ...buyer, vatNumber: '' },
      }),
    );
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpResponse } from 'msw';
import { samplePayment } from '@reviewroute/shared/testing';
import { apiHandler, serveApi } from '@/testing/api';
import { renderWithApp } from '@/testing/render';
import { includedVat, InvoicePage } from './invoice-page';

const amplify = vi.hoisted(() => ({ fetchAuthSession: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);

const owner = { userId: 'u1', email: 'owner@example.com' };
const paid = samplePayment();
const profile = {
  userId: 'u1',
  fullName: 'Anna de Vries',
  businessName: 'Bakkerij Anna',
  businessIndustry: 'Food',
  phone: '',
  businessAddress: 'Dorpsstraat 1, Utrecht',
  surveyUrlCopied: false,
  updatedAt: null,
};

const invoice = (path: string) =>
  renderWithApp(<InvoicePage />, {
    path,
    session: owner,
    routePath: path.startsWith('/nl') ? '/nl/account/invoices/:paymentId' : '/account/invoices/:paymentId',
  });

beforeEach(() => {
  amplify.fetchAuthSession.mockResolvedValue({ tokens: { idToken: { toString: () => 'id-token' } } });
});
afterEach(() => vi.unstubAllGlobals());

describe('invoice page', () => {
  it('shows seller, the owner, date, reference, description and amount; Print prints', async () => {
    serveApi(
      apiHandler('get-profile', () => HttpResponse.json(profile)),
      apiHandler('get-payment', () => HttpResponse.json(paid)),
    );
    const print = vi.fn();
    vi.stubGlobal('print', print);
    invoice('/account/invoices/tr_paid');
    const article = await screen.findByRole('article', { name: 'Invoice' });
    expect(within(screen.getByRole('region', { name: 'Seller' })).getByText('ReviewRoute')).toBeTruthy();
    expect(screen.getByTestId('invoice-billed-to').textContent).toBe(
      'Bakkerij AnnaAnna de VriesDorpsstraat 1, Utrechtowner@example.com',
    );
    expect(within(article).getByText('25 November 2026')).toBeTruthy();
    expect(screen.getByTestId('invoice-reference').textContent).toBe('tr_paid');
    expect(within(article).getByText('Growth - Annual Subscription')).toBeTruthy();
    expect(screen.getByTestId('invoice-total').textContent).toBe('€120.00');
    expect(screen.queryByTestId('invoice-vat')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Back to billing' }).getAttribute('href')).toBe('/account?tab=billing');
  });

  it('in Dutch, with the VAT it includes (21/121 of the amount); without a profile it still shows the e-mail', async () => {
    serveApi(
      apiHandler('get-profile', () =>
        HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'x' } }, { status: 404 }),
      ),
      apiHandler('get-payment', () => HttpResponse.json(paid)),
    );
    invoice('/nl/account/invoices/tr_paid');
    await screen.findByRole('article', { name: 'Factuur' });
    expect(screen.getByText('BTW 21% inbegrepen')).toBeTruthy();
    const text = (id: string) => screen.getByTestId(id).textContent?.replace(/\s/g, ' ');
    expect(text('invoice-vat')).toBe('€ 20,83');
    expect(text('invoice-total')).toBe('€ 120,00');
    expect(screen.getByTestId('invoice-billed-to').textContent).toBe('owner@example.com');
  });

  it('an unknown payment is not found', async () => {
    const notFound = () =>
      HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'Payment not found' } }, { status: 404 });
    serveApi(apiHandler('get-profile', notFound), apiHandler('get-payment', notFound));
    invoice('/account/invoices/tr_other');
    expect(await screen.findByText('This invoice could not be found.')).toBeTruthy();
  });

  it('computes the included VAT to the cent', () => {
    expect([includedVat(120), includedVat(60), includedVat(350), includedVat(0.01)]).toEqual([20.83, 10.41, 60.74, 0]);
  });
});

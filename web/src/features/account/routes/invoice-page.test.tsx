import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpResponse } from 'msw';
import { samplePayment } from '@reviewroute/shared/testing';
import { apiHandler, serveApi } from '@testing/api';
import { renderWithApp } from '@testing/render';
import { InvoicePage } from './invoice-page';

const amplify = vi.hoisted(() => ({ fetchAuthSession: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);

const owner = { userId: 'u1', email: 'owner@example.com' };
const paid = samplePayment();
const invoiceOf = (payment = paid) => ({
  number: '2026-000007',
  paymentId: payment.id,
  issuedAt: payment.paidAt ?? payment.createdAt,
  amount: payment.amount,
  currency: payment.currency,
  plan: payment.plan,
  description: payment.description,
  seller: {
    name: 'ReviewRoute B.V.',
    address: 'Keizersgracht 1\n1015 AA Amsterdam',
    kvkNumber: '12345678',
    vatNumber: 'NL123456789B01',
  },
});
const profile = {
  userId: 'u1',
  fullName: 'Anna de Vries',
  businessName: 'Bakkerij Anna',
  businessIndustry: 'Food',
  phone: '',
  businessAddress: 'Dorpsstraat 1, Utrecht',
  surveyUrlCopied: false,
  language: null,
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
  it('shows the number, the seller as issued, the owner, date, the line item and net / VAT 21% / total; Download PDF prints', async () => {
    serveApi(
      apiHandler('get-profile', () => HttpResponse.json(profile)),
      apiHandler('get-payment', () => HttpResponse.json(paid)),
      apiHandler('get-invoice', () => HttpResponse.json(invoiceOf())),
    );
    const print = vi.fn();
    vi.stubGlobal('print', print);
    invoice('/account/invoices/tr_paid');
    const article = await screen.findByRole('article', { name: 'Invoice' });
    expect(screen.getByTestId('invoice-number').textContent).toBe('2026-000007');
    expect(screen.getByTestId('invoice-seller').textContent).toBe(
      'ReviewRoute B.V.Keizersgracht 11015 AA AmsterdamKvK (Chamber of Commerce): 12345678VAT number: NL123456789B01',
    );
    expect(screen.queryByTestId('invoice-buyer-hint')).toBeNull();
    expect(screen.getByTestId('invoice-billed-to').textContent).toBe(
      'Bakkerij AnnaAnna de VriesDorpsstraat 1, Utrechtowner@example.com',
    );
    expect(within(article).getByText('25 November 2026')).toBeTruthy();
    expect(screen.getByTestId('invoice-reference').textContent).toBe('tr_paid');
    expect(screen.getByTestId('invoice-item').textContent).toBe('Growth plan, 1 year');
    expect(within(article).getByRole('columnheader', { name: 'Excl. VAT' })).toBeTruthy();
    const footer = within(article).getAllByRole('rowgroup')[2]!;
    expect(
      within(footer)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Subtotal excl. VAT€99.17', 'VAT 21%€20.83', 'Total incl. VAT€120.00']);
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Back to billing' }).getAttribute('href')).toBe('/account?tab=billing');
  });

  it('in Dutch: the line item and the split in Dutch; without a profile it still shows the e-mail', async () => {
    serveApi(
      apiHandler('get-profile', () =>
        HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'x' } }, { status: 404 }),
      ),
      apiHandler('get-payment', () => HttpResponse.json(paid)),
      apiHandler('get-invoice', () =>
        HttpResponse.json({ ...invoiceOf(), seller: { ...invoiceOf().seller, vatNumber: '' } }),
      ),
    );
    invoice('/nl/account/invoices/tr_paid');
    const article = await screen.findByRole('article', { name: 'Factuur' });
    const text = (id: string) => screen.getByTestId(id).textContent?.replace(/\s/g, ' ');
    expect(text('invoice-item')).toBe('Growth-abonnement, 1 jaar');
    expect(within(article).getByText('Subtotaal excl. btw')).toBeTruthy();
    expect(within(article).getByText('Btw 21%')).toBeTruthy();
    expect(within(article).getByText('Totaal incl. btw')).toBeTruthy();
    expect(text('invoice-net')).toBe('€ 99,17');
    expect(text('invoice-vat')).toBe('€ 20,83');
    expect(text('invoice-total')).toBe('€ 120,00');
    expect(screen.getByTestId('invoice-billed-to').textContent).toBe('owner@example.com');
    expect(screen.getByTestId('invoice-seller').textContent).toContain('Btw-nummer: Niet ingesteld');
    expect(screen.getByTestId('invoice-buyer-hint').textContent).toContain('Vul je bedrijfsnaam en adres');
    expect(screen.getByRole('button', { name: 'PDF downloaden' })).toBeTruthy();
  });

  it('names the buyer as the invoice was issued, whatever the profile says now', async () => {
    serveApi(
      apiHandler('get-profile', () =>
        HttpResponse.json({ ...profile, businessName: 'Anna B.V.', businessAddress: 'Elders 2' }),
      ),
      apiHandler('get-payment', () => HttpResponse.json(paid)),
      apiHandler('get-invoice', () =>
        HttpResponse.json({
          ...invoiceOf(),
          buyer: { name: 'Anna de Vries', businessName: 'Bakkerij Anna', address: 'Dorpsstraat 1\n3511 AA Utrecht' },
        }),
      ),
    );
    invoice('/account/invoices/tr_paid');
    await screen.findByRole('article', { name: 'Invoice' });
    expect(screen.getByTestId('invoice-billed-to').textContent).toBe(
      'Bakkerij AnnaAnna de VriesDorpsstraat 13511 AA Utrechtowner@example.com',
    );
    expect(screen.queryByTestId('invoice-buyer-hint')).toBeNull();
  });

  it('an invoice issued without a business name says the profile helps the next invoices (in Dutch too)', async () => {
    serveApi(
      apiHandler('get-profile', () => HttpResponse.json(profile)),
      apiHandler('get-payment', () => HttpResponse.json(paid)),
      apiHandler('get-invoice', () =>
        HttpResponse.json({ ...invoiceOf(), buyer: { name: 'Anna de Vries', businessName: '', address: '' } }),
      ),
    );
    invoice('/nl/account/invoices/tr_paid');
    await screen.findByRole('article', { name: 'Factuur' });
    // The profile has a business now; the issued invoice keeps what it was issued with.
    expect(screen.getByTestId('invoice-billed-to').textContent).toBe('Anna de Vriesowner@example.com');
    expect(screen.getByTestId('invoice-buyer-hint').textContent).toContain('volgende facturen');
  });

  it('prints the buyer’s VAT number; the hint names only what is truly missing (the address, not the name)', async () => {
    serveApi(
      apiHandler('get-profile', () => HttpResponse.json(profile)),
      apiHandler('get-payment', () => HttpResponse.json(paid)),
      apiHandler('get-invoice', () =>
        HttpResponse.json({
          ...invoiceOf(),
          buyer: {
            name: 'Anna de Vries',
            businessName: 'Bakkerij Anna B.V.',
            address: '',
            vatNumber: 'NL857912345B01',
          },
        }),
      ),
    );
    invoice('/account/invoices/tr_paid');
    await screen.findByRole('article', { name: 'Invoice' });
    expect(screen.getByTestId('invoice-billed-to').textContent).toBe(
      'Bakkerij Anna B.V.Anna de Vriesowner@example.comVAT number: NL857912345B01',
    );
    const hint = screen.getByTestId('invoice-buyer-hint').textContent;
    expect(hint).toContain('This invoice was issued without your business address.');
    expect(hint).not.toMatch(/business name/);
  });

  it('a payment not paid yet has no invoice number and nothing to download', async () => {
    serveApi(
      apiHandler('get-profile', () => HttpResponse.json(profile)),
      apiHandler('get-payment', () =>
        HttpResponse.json(samplePayment({ status: 'pending', providerStatus: 'open', paidAt: null })),
      ),
    );
    invoice('/account/invoices/tr_paid');
    await screen.findByRole('article', { name: 'Invoice' });
    expect(screen.getByTestId('invoice-number').textContent).toMatch(/^Not issued yet/);
    expect((screen.getByRole('button', { name: 'Download PDF' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a manual payment keeps its description; its split adds up to the cent', async () => {
    serveApi(
      apiHandler('get-profile', () => HttpResponse.json(profile)),
      apiHandler('get-payment', () =>
        HttpResponse.json(samplePayment({ plan: null, description: 'Invoice 42', amount: 0.05 })),
      ),
      apiHandler('get-invoice', () => HttpResponse.json(invoiceOf())),
    );
    invoice('/account/invoices/tr_paid');
    await screen.findByRole('article', { name: 'Invoice' });
    expect(screen.getByTestId('invoice-item').textContent).toBe('Invoice 42');
    expect(['invoice-net', 'invoice-vat', 'invoice-total'].map((id) => screen.getByTestId(id).textContent)).toEqual([
      '€0.04',
      '€0.01',
      '€0.05',
    ]);
  });

  it.each([
    [
      '/account/invoices/tr_paid?document=credit-note',
      'Credit note',
      'Corrects invoice 2026-000007',
      '-€99.17',
      'Refunded',
    ],
    [
      '/nl/account/invoices/tr_paid?document=credit-note',
      'Creditnota',
      'Corrigeert factuur 2026-000007',
      '€ -99,17',
      'Terugbetaald',
    ],
  ])(
    '%s: the refund’s credit note names the invoice it corrects, its amounts negative',
    async (path, title, corrects, net, refunded) => {
      serveApi(
        apiHandler('get-profile', () => HttpResponse.json(profile)),
        apiHandler('get-payment', () => HttpResponse.json({ ...paid, reversal: 'refunded' })),
        apiHandler('get-credit-note', () =>
          HttpResponse.json({ ...invoiceOf(), number: '2026-000008', amount: -120, credits: '2026-000007' }),
        ),
      );
      invoice(path);
      await screen.findByRole('article', { name: title });
      expect(screen.getByTestId('invoice-number').textContent).toBe('2026-000008');
      expect(screen.getByTestId('invoice-corrects').textContent).toBe(corrects);
      expect(screen.getByTestId('invoice-refunded').textContent).toBe(refunded);
      expect(screen.getByTestId('invoice-net').textContent?.replace(/\s/g, ' ')).toBe(net);
      expect(screen.getByTestId('invoice-total').textContent).toMatch(/120/);
      expect(screen.getByTestId('invoice-total').textContent).toMatch(/-/);
    },
  );

  it('an unknown payment is not found', async () => {
    const notFound = () =>
      HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'Payment not found' } }, { status: 404 });
    serveApi(apiHandler('get-profile', notFound), apiHandler('get-payment', notFound));
    invoice('/account/invoices/tr_other');
    expect(await screen.findByText('This invoice could not be found.')).toBeTruthy();
  });
});

import { describe, expect, it } from 'vitest';
import { invoiceExpiryOf, keptInvoiceSchema } from '@reviewroute/shared';
import { MemoryInvoiceRepository } from '../../../testing/data/memory-invoices';
import { fakeSeller } from '../../../testing/domains/payments';
import { keptInvoiceText, lookUpKeptInvoice } from './kept-invoice-lookup';

const owner = '8f1c2b4e-0000-4000-8000-000000000001';

async function erasedOwnersInvoice(clock: { now: number }) {
  const invoices = new MemoryInvoiceRepository();
  invoices.clock = () => clock.now;
  const { invoice } = (await invoices.issue(owner, {
    paymentId: 'tr_kept00001',
    issuedAt: '2026-03-01T10:00:00.000Z',
    amount: 120,
    currency: 'EUR',
    plan: 'growth',
    description: 'Growth - Jaarabonnement',
    seller: fakeSeller,
    buyer: {
      name: 'Anna de Vries',
      businessName: 'Bakkerij Anna B.V.',
      address: 'Dorpsstraat 1\n3511 AA Utrecht',
      vatNumber: 'NL857912345B01',
    },
  })) as { invoice: { number: string } };
  await invoices.keepAndDeleteByOwner(owner);
  return { invoices, number: invoice.number };
}

describe('the operator’s lookup of a kept invoice', () => {
  it('reads an erased owner’s invoice by number with the buyer’s business fields only', async () => {
    const clock = { now: Date.parse('2027-01-01T00:00:00Z') };
    const { invoices, number } = await erasedOwnersInvoice(clock);
    expect(await invoices.listByOwner(owner)).toEqual([]);
    const lookup = await lookUpKeptInvoice(invoices, ` ${number} `);
    expect(lookup.found).toBe(true);
    const kept = keptInvoiceSchema.parse(lookup.found && lookup.invoice);
    expect(kept.buyer).toEqual({
      businessName: 'Bakkerij Anna B.V.',
      address: 'Dorpsstraat 1\n3511 AA Utrecht',
      vatNumber: 'NL857912345B01',
    });
    expect(JSON.stringify(kept)).not.toMatch(/Anna de Vries|8f1c2b4e/);
    expect(kept.expiresAt).toBe(Date.parse('2033-03-01T10:00:00.000Z') / 1000);
    const text = keptInvoiceText(kept);
    expect(text).toContain(`Invoice ${number}`);
    expect(text).toContain('Bakkerij Anna B.V.');
    expect(text).toContain('VAT NL857912345B01');
    expect(text).toContain('Growth-abonnement, 1 jaar');
    expect(text).toMatch(/Net: EUR 99\.17[\s\S]*VAT 21 %: EUR 20\.83[\s\S]*Total: EUR 120\.00/);
  });

  it('reads a refund’s credit note kept with its invoice: the next number, the invoice it corrects, negative amounts', async () => {
    const invoices = new MemoryInvoiceRepository();
    invoices.clock = () => Date.parse('2027-01-01T00:00:00Z');
    const { invoice } = (await invoices.issue(owner, {
      paymentId: 'tr_kept00002',
      issuedAt: '2026-03-01T10:00:00.000Z',
      amount: 120,
      currency: 'EUR',
      plan: 'growth',
      description: 'Growth - Jaarabonnement',
      seller: fakeSeller,
      buyer: { name: 'Anna de Vries', businessName: 'Bakkerij Anna B.V.', address: 'Dorpsstraat 1', vatNumber: '' },
    })) as { invoice: { number: string } };
    const credit = await invoices.issueCreditNote(owner, 'tr_kept00002', '2026-03-05T10:00:00.000Z');
    expect(credit).toMatchObject({ outcome: 'issued', creditNote: { number: '2026-000002', credits: invoice.number } });
    await invoices.keepAndDeleteByOwner(owner);
    const lookup = await lookUpKeptInvoice(invoices, '2026-000002');
    const kept = keptInvoiceSchema.parse(lookup.found && lookup.invoice);
    expect(kept).toMatchObject({ amount: -120, credits: invoice.number, paymentId: 'tr_kept00002' });
    expect(JSON.stringify(kept)).not.toMatch(/Anna de Vries|8f1c2b4e/);
    const text = keptInvoiceText(kept);
    expect(text).toContain('Credit note 2026-000002');
    expect(text).toContain(`Corrects invoice: ${invoice.number}`);
    expect(text).toMatch(/Net: EUR -99\.17[\s\S]*VAT 21 %: EUR -20\.83[\s\S]*Total: EUR -120\.00/);
  });

  it('refuses it from 7 years after its date on, and anything that is no invoice number', async () => {
    const clock = { now: Date.parse('2033-03-01T09:59:59Z') };
    const { invoices, number } = await erasedOwnersInvoice(clock);
    expect((await lookUpKeptInvoice(invoices, number)).found).toBe(true);
    clock.now = invoiceExpiryOf('2026-03-01T10:00:00.000Z') * 1000;
    expect(await lookUpKeptInvoice(invoices, number)).toEqual({ found: false, reason: 'not-kept' });
    expect(await lookUpKeptInvoice(invoices, '2026-1')).toEqual({ found: false, reason: 'not-a-number' });
    expect(await lookUpKeptInvoice(invoices, '2026-999999')).toEqual({ found: false, reason: 'not-kept' });
  });

  it('counts 7 calendar years from the invoice date, leap day included', () => {
    expect(new Date(invoiceExpiryOf('2028-02-29T12:00:00.000Z') * 1000).toISOString()).toBe('2035-03-01T12:00:00.000Z');
  });
});

import { describe, expect, it } from 'vitest';
import { samplePayment } from '@reviewroute/shared/testing';
import type { BillingRecord } from '../../data/billing-repository';
import { composePaymentConfirmation, paymentConfirmationSender } from './confirmation-mail';
import { createMemoryMailer } from '../../../testing/mail/memory-mailer';

const payment: BillingRecord = {
  userId: 'u1',
  ...samplePayment({ id: 'tr_abc123', createdAt: '2026-11-26T05:00:00.000Z', paidAt: '2026-11-26T05:02:00.000Z' }),
};
const sender = { from: 'no-reply@reviewroute.example', helpEmail: 'help@reviewroute.example' };

describe('the payment confirmation mail', () => {
  it('in English: the amount, the payment and its invoice link', () => {
    const mail = composePaymentConfirmation({
      payment,
      to: 'owner@bakery.example',
      language: 'en',
      ...sender,
      siteOrigin: 'https://reviewroute.example',
    });
    expect(mail).toMatchObject({
      to: 'owner@bakery.example',
      replyTo: sender.helpEmail,
      subject: 'Payment received: €120.00',
    });
    for (const part of [
      'https://reviewroute.example/account/invoices/tr_abc123',
      'Method: Visa •••• 4242',
      'Paid: 26 Nov 2026, 06:02',
      'Reference: tr_abc123',
      'Email help@reviewroute.example',
    ])
      expect(mail.text).toContain(part);
  });

  it('names the invoice number and splits the amount into net and 21% VAT, in both languages', () => {
    const invoice = {
      number: '2026-000042',
      paymentId: payment.id,
      issuedAt: payment.paidAt!,
      amount: 120,
      currency: 'EUR' as const,
      plan: 'growth' as const,
      description: payment.description,
      seller: { name: 'ReviewRoute B.V.', address: 'Amsterdam', kvkNumber: '1', vatNumber: 'NL1' },
      buyer: null,
    };
    const compose = (language: 'en' | 'nl') =>
      composePaymentConfirmation({
        payment,
        invoice,
        to: 'o@x.example',
        language,
        ...sender,
        siteOrigin: 'https://r.example',
      }).text;
    expect(compose('en')).toContain('Invoice number: 2026-000042');
    expect(compose('en')).toContain('Excl. VAT: €99.17');
    expect(compose('en')).toContain('VAT 21%: €20.83');
    expect(compose('en')).toContain('Total incl. VAT: €120.00');
    expect(compose('nl')).toContain('Factuurnummer: 2026-000042');
    expect(compose('nl')).toContain('Excl. btw: €\u00a099,17');
    expect(compose('nl')).toContain('Btw 21%: €\u00a020,83');
    expect(compose('nl')).toContain('Totaal incl. btw: €\u00a0120,00');
  });

  it("names a plan's line item in the mail's language, and a manual payment by the text its payer typed", () => {
    const compose = (language: 'en' | 'nl', paid: BillingRecord = payment) =>
      composePaymentConfirmation({
        payment: paid,
        to: 'o@x.example',
        language,
        ...sender,
        siteOrigin: 'https://r.example',
      });
    expect(compose('en').text).toContain('Description: Growth plan, 1 year\n');
    expect(compose('nl').text).toContain('Omschrijving: Growth-abonnement, 1 jaar\n');
    expect(compose('nl').html).toContain('Growth-abonnement, 1 jaar');
    expect(compose('nl').text).not.toContain('Annual Subscription');
    const manual = { ...payment, plan: null, amount: 1, description: 'Extra bloemen' };
    expect(compose('nl', manual).text).toContain('Omschrijving: Extra bloemen\n');
    expect(compose('en', manual).text).toContain('Description: Extra bloemen\n');
  });

  it('names a method other than a card by its brand, never by Mollie’s id', () => {
    const compose = (language: 'en' | 'nl', method: string) =>
      composePaymentConfirmation({
        payment: { ...payment, method, cardLabel: null },
        to: 'o@x.example',
        language,
        ...sender,
        siteOrigin: 'https://r.example',
      }).text;
    expect(compose('en', 'ideal')).toContain('Method: iDEAL\n');
    expect(compose('nl', 'ideal')).toContain('Betaalmethode: iDEAL\n');
    expect(compose('nl', 'bancontact')).toContain('Betaalmethode: Bancontact\n');
    expect(compose('en', 'creditcard')).toContain('Method: Credit card\n');
    expect(compose('nl', 'banktransfer')).toContain('Betaalmethode: SEPA-overboeking\n');
    expect(compose('nl', 'paypal')).toContain('Betaalmethode: PayPal\n');
  });

  it("in Dutch, sent to the owner's current address in the owner's language, and to nobody Cognito does not know", async () => {
    const mailer = createMemoryMailer();
    const send = paymentConfirmationSender({
      contacts: {
        contactOf: async (id) => (id === 'u1' ? { email: 'anna@bakkerij.example', language: 'nl' } : undefined),
      },
      mailer,
      ...sender,
      siteOrigin: () => 'https://reviewroute.example',
    });
    await send(payment);
    await send({ ...payment, userId: 'gone' });
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]!.to).toBe('anna@bakkerij.example');
    expect(mailer.sent[0]!.subject).toBe('Betaling ontvangen: €\u00a0120,00');
    expect(mailer.sent[0]!.text).toContain('https://reviewroute.example/nl/account/invoices/tr_abc123');
    expect(mailer.sent[0]!.text).toContain('Betaalmethode: Visa •••• 4242');
  });
});

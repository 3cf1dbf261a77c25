import { describe, expect, it } from 'vitest';
import { samplePayment } from '@reviewroute/shared/testing';
import type { BillingRecord } from '../../data/repositories';
import { composePaymentConfirmation, paymentConfirmationSender } from './confirmation-mail';
import { createMemoryMailer } from '../../mail/memory-mailer';

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
    expect(mail).toMatchObject({ to: 'owner@bakery.example', replyTo: sender.helpEmail });
    expect(mail.subject).toBe('Payment received: EUR 120.00');
    for (const part of [
      'https://reviewroute.example/account/invoices/tr_abc123',
      'Method: Visa •••• 4242',
      'Paid: 2026-11-26 05:02 UTC',
      'Reference: tr_abc123',
      'Email help@reviewroute.example',
    ])
      expect(mail.text).toContain(part);
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
    expect(mailer.sent[0]!.subject).toBe('Betaling ontvangen: EUR 120.00');
    expect(mailer.sent[0]!.text).toContain('https://reviewroute.example/nl/account/invoices/tr_abc123');
    expect(mailer.sent[0]!.text).toContain('Betaalmethode: Visa •••• 4242');
  });
});

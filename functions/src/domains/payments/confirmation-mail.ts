import { formatPaymentAmount, type Language } from '@reviewroute/shared';
import type { BillingRecord } from '../../data/repositories';
import type { OwnerContacts } from '../../data/owner-contacts';
import type { Mailer, OutgoingMail } from '../../mail/mailer';
import { mailTime, ownerAppUrl } from '../../mail/owner-mail';
import { renderMail } from '../../mail/render';

export interface PaymentConfirmationInput {
  payment: BillingRecord;
  to: string;
  language: Language;
  from: string;
  helpEmail: string;
  siteOrigin: string;
}

/** The owner's receipt of a paid payment (the `paymentConfirmation` template), linking to its invoice page. */
export function composePaymentConfirmation(input: PaymentConfirmationInput): OutgoingMail {
  const { payment, language } = input;
  const amount = `${payment.currency} ${formatPaymentAmount(payment.amount)}`;
  const invoiceUrl = ownerAppUrl(input.siteOrigin, language, `/account/invoices/${encodeURIComponent(payment.id)}`);
  const mail = renderMail('paymentConfirmation', language, {
    values: { amount, invoiceUrl, helpEmail: input.helpEmail },
    fields: {
      description: payment.description,
      amount,
      method: payment.cardLabel ?? payment.method ?? undefined,
      paid: payment.paidAt ? mailTime(payment.paidAt) : undefined,
      reference: payment.id,
    },
  });
  return { from: input.from, to: input.to, replyTo: input.helpEmail, ...mail };
}

/**
 * The payments service's `notifyPaid`: the owner's address and language from Cognito (now, not from the
 * payment), then the receipt. An owner Cognito no longer knows gets nothing.
 */
export function paymentConfirmationSender(deps: {
  contacts: OwnerContacts;
  mailer: Mailer;
  from: string;
  helpEmail: string;
  siteOrigin: () => string;
}): (payment: BillingRecord) => Promise<void> {
  return async (payment) => {
    const owner = await deps.contacts.contactOf(payment.userId);
    if (!owner) return;
    await deps.mailer(
      composePaymentConfirmation({
        payment,
        to: owner.email,
        language: owner.language,
        from: deps.from,
        helpEmail: deps.helpEmail,
        siteOrigin: deps.siteOrigin(),
      }),
    );
  };
}

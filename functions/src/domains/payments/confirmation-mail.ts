import { formatMoney, pageUrl, paymentMethodName, splitVat, type Invoice, type Language } from '@reviewroute/shared';
import type { BillingRecord } from '../../data/billing-repository';
import type { OwnerContacts } from '../../data/owner-contacts';
import type { Mailer, OutgoingMail } from '../../mail/mailer';
import { mailTime } from '../../mail/owner-mail';
import { planLineItem, renderMail } from '../../mail/render';

export interface PaymentConfirmationInput {
  payment: BillingRecord;
  /** Its invoice (absent only when issuing it failed: the mail still goes, without the number). */
  invoice?: Invoice | undefined;
  to: string;
  language: Language;
  from: string;
  helpEmail: string;
  siteOrigin: string;
}

/**
 * The owner's receipt of a paid payment (the `paymentConfirmation` template): the invoice number, the amount
 * split into net and 21 % VAT as on the invoice (decisions 21), and a link to the invoice page.
 */
export function composePaymentConfirmation(input: PaymentConfirmationInput): OutgoingMail {
  const { payment, language } = input;
  const money = (value: number) => formatMoney(value, payment.currency, language);
  const amount = money(payment.amount);
  const { net, vat } = splitVat(payment.amount);
  const invoiceUrl = pageUrl(input.siteOrigin, 'invoice', language, { params: { paymentId: payment.id } });
  const mail = renderMail('paymentConfirmation', language, {
    values: { amount, invoiceUrl, helpEmail: input.helpEmail },
    fields: {
      invoice: input.invoice?.number,
      // A plan's stored description is the English one Mollie shows; the mail names it in its own language.
      // A manual payment keeps the text its payer typed.
      description: payment.plan ? planLineItem(payment.plan, language) : payment.description,
      net: money(net),
      vat: money(vat),
      amount,
      // A card by its label ("Visa •••• 4242"), any other method by its brand name ("iDEAL"), never Mollie's id.
      method: payment.cardLabel ?? (payment.method ? paymentMethodName(payment.method, language) : undefined),
      paid: payment.paidAt ? mailTime(payment.paidAt, language) : undefined,
      reference: payment.id,
    },
  });
  return { from: input.from, to: input.to, replyTo: input.helpEmail, ...mail };
}

/**
 * The payments service's `notifyPaid`: the owner's address (Cognito's) and language (the profile's last recorded
 * one) now, not from the payment, then the receipt. An owner Cognito no longer knows gets nothing.
 */
export function paymentConfirmationSender(deps: {
  contacts: OwnerContacts;
  mailer: Mailer;
  from: string;
  helpEmail: string;
  siteOrigin: () => string;
}): (payment: BillingRecord, invoice?: Invoice) => Promise<void> {
  return async (payment, invoice) => {
    const owner = await deps.contacts.contactOf(payment.userId);
    if (!owner) return;
    await deps.mailer(
      composePaymentConfirmation({
        payment,
        invoice,
        to: owner.email,
        language: owner.language,
        from: deps.from,
        helpEmail: deps.helpEmail,
        siteOrigin: deps.siteOrigin(),
      }),
    );
  };
}

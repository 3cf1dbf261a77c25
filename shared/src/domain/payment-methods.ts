import { type Language } from './language';

/**
 * Mollie's payment methods by the names their owners know them (Mollie's API answers ids such as `ideal` or
 * `creditcard`). A brand is the same word in every language; the generic methods are said in each language.
 * The receipt mail and the billing tab both read this, so a method is never called two things.
 */
const methodNames: Record<string, string | Record<Language, string>> = {
  alma: 'Alma',
  applepay: 'Apple Pay',
  bacs: { en: 'Bacs Direct Debit', nl: 'Bacs-incasso' },
  bancomatpay: 'Bancomat Pay',
  bancontact: 'Bancontact',
  banktransfer: { en: 'SEPA bank transfer', nl: 'SEPA-overboeking' },
  belfius: 'Belfius Pay Button',
  billie: 'Billie',
  blik: 'BLIK',
  creditcard: { en: 'Credit card', nl: 'Creditcard' },
  directdebit: { en: 'SEPA Direct Debit', nl: 'SEPA-incasso' },
  eps: 'eps',
  giftcard: { en: 'Gift card', nl: 'Cadeaukaart' },
  giropay: 'giropay',
  googlepay: 'Google Pay',
  ideal: 'iDEAL',
  in3: 'iDEAL in3',
  kbc: 'KBC/CBC Payment Button',
  klarna: 'Klarna',
  klarnapaylater: 'Klarna',
  klarnapaynow: 'Klarna',
  klarnasliceit: 'Klarna',
  mbway: 'MB WAY',
  multibanco: 'Multibanco',
  mybank: 'MyBank',
  paybybank: { en: 'Pay by Bank', nl: 'Betalen via je bank' },
  paypal: 'PayPal',
  paysafecard: 'paysafecard',
  przelewy24: 'Przelewy24',
  riverty: 'Riverty',
  satispay: 'Satispay',
  sofort: 'SOFORT',
  swish: 'Swish',
  trustly: 'Trustly',
  twint: 'TWINT',
  voucher: { en: 'Voucher', nl: 'Waardebon' },
};

/**
 * A payment method's name in `language` ("iDEAL", "Credit card" / "Creditcard"); a method Mollie added after
 * this list keeps its id rather than showing nothing.
 */
export function paymentMethodName(method: string, language: Language): string {
  const name = Object.hasOwn(methodNames, method) ? methodNames[method] : undefined;
  if (name === undefined) return method;
  return typeof name === 'string' ? name : name[language];
}

import type { Currency, Language, PaymentReversal, ProviderStatus } from '@reviewroute/shared';

/**
 * The payment provider as the payments service sees it: create a one-off payment, read one back. The
 * Mollie implementation is mollie-provider.ts; tests use a fake. Nothing here is Mollie's type, so the
 * service never depends on the client library.
 */

/** A payment as the provider reports it now. */
export interface ProviderPayment {
  id: string;
  status: ProviderStatus;
  /** The value Mollie holds (a decimal string there), as a number. */
  amount: number;
  /** As the provider reports it; not necessarily one of ours for a payment we did not create. */
  currency: string;
  description: string;
  /** `creditcard`, `ideal`, …; null until the customer chose one. */
  method: string | null;
  /** "Visa •••• 4242" for a card payment whose details name the card; else null. */
  cardLabel: string | null;
  /** ISO 8601 (UTC). */
  createdAt: string;
  paidAt: string | null;
  /** What was attached at creation; from the provider, so only what we sent (customers cannot change it). */
  metadata: unknown;
  /** The hosted checkout, while the payment is open. */
  checkoutUrl: string | null;
  /**
   * A paid payment that was (partly) refunded or charged back since: Mollie keeps its status `paid` and reports
   * the amounts instead (and calls the webhook). A chargeback wins over a refund: it is the bank's verdict.
   */
  reversal: PaymentReversal | null;
}

export interface NewProviderPayment {
  /** Two decimals, as Mollie wants it: '120.00'. */
  amount: string;
  currency: Currency;
  description: string;
  redirectUrl: string;
  webhookUrl: string;
  metadata: { userId: string; plan: string | null; source: 'web_app' };
  language: Language;
}

/** A refund the provider made (Mollie's `re_…`). */
export interface ProviderRefund {
  id: string;
  /** Mollie's refund status: `queued`, `pending`, `processing`, `refunded`, `failed`, `canceled`. */
  status: string;
  amount: number;
  createdAt: string;
}

/** A refund to ask for: the whole amount of a paid payment (decisions 28), in its currency. */
export interface NewProviderRefund {
  /** Two decimals, as Mollie wants it. */
  amount: string;
  currency: string;
  /** Shown to the customer on their statement where the method allows. */
  description: string;
}

export interface PaymentProvider {
  create(payment: NewProviderPayment): Promise<ProviderPayment>;
  /** Undefined when the provider has no such payment (a forged or malformed id): nothing to record. */
  get(id: string): Promise<ProviderPayment | undefined>;
  /** Refunds (part of) a paid payment (Mollie's refunds API); the payment then reports it (`reversal`). */
  refund(paymentId: string, refund: NewProviderRefund): Promise<ProviderRefund>;
}

/** The provider could not be reached or refused us (key, outage): not the caller's fault, try again later. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/**
 * What a Mollie payment id looks like (`tr_` and letters and digits). Anything else is never sent to the
 * provider: the client would refuse it anyway, and no hostile text reaches a URL path.
 */
export const providerPaymentIdPattern = /^tr_[A-Za-z0-9]{1,61}$/;

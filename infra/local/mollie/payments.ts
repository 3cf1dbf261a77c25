import { randomInt } from 'node:crypto';
import type http from 'node:http';

export interface MolliePaymentState {
  resource: 'payment';
  id: string;
  mode: 'test';
  createdAt: string;
  amount: { value: string; currency: string };
  description: string;
  method: string | null;
  metadata: unknown;
  status: 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';
  isCancelable: boolean;
  expiresAt?: string;
  paidAt?: string;
  failedAt?: string;
  canceledAt?: string;
  expiredAt?: string;
  details: Record<string, unknown> | null;
  locale?: string;
  profileId: string;
  sequenceType: 'oneoff';
  redirectUrl?: string;
  cancelUrl?: string;
  webhookUrl?: string;
  /** Set by a refund or a chargeback of the paid payment (Mollie keeps the status `paid`). */
  amountRefunded?: { value: string; currency: string };
  amountChargedBack?: { value: string; currency: string };
}

/** What the API, the checkout and the test control share of one running local Mollie. */
export interface MollieContext {
  /** The only key the API accepts (`test_…`). */
  apiKey: string;
  payments: Map<string, MolliePaymentState>;
  /** API reads (`GET /v2/payments/{id}`) per id asked for, known or not (not kept across restarts). */
  reads: Map<string, number>;
  /** Plain-HTTP origin (the checkout, for browsers). */
  origin(): string;
  /** HTTPS origin (the API). */
  apiOrigin(): string;
  /** Persists the payments when the server keeps them (`npm start`). */
  save(): void;
  log(line: string): void;
}

/** A handler of one payment's URL (`/checkout/{id}`, `/_test/payments/{id}`). */
export type PaymentRequestHandler = (
  ctx: MollieContext,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  id: string,
) => Promise<void>;

const base62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const paymentId = () => `tr_${Array.from({ length: 10 }, () => base62[randomInt(base62.length)]).join('')}`;
/** Mollie writes timestamps with an offset and no milliseconds. */
export const mollieTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+00:00');

export const finalStatuses = ['paid', 'failed', 'canceled', 'expired'] as const;
export type CheckoutChoice = (typeof finalStatuses)[number];
export const testMethods = {
  creditcard: 'Credit card',
  ideal: 'iDEAL',
} as const;
export type TestMethod = keyof typeof testMethods;

function detailsOf(method: TestMethod, status: CheckoutChoice): Record<string, unknown> {
  if (method === 'ideal')
    return status === 'paid'
      ? { consumerName: 'T. TEST', consumerAccount: 'NL53INGB0654422370', consumerBic: 'INGBNL2A' }
      : {};
  return {
    cardNumber: '4242',
    cardHolder: 'T. TEST',
    cardAudience: 'consumer',
    cardLabel: 'Visa',
    cardCountryCode: 'NL',
    cardSecurity: 'normal',
    feeRegion: 'other',
    ...(status === 'failed' ? { failureReason: 'card_declined', failureMessage: 'The card was declined.' } : {}),
  };
}

/** The payment as the API returns it: HAL links, the checkout link only while it is open. */
export const paymentView = (ctx: MollieContext, p: MolliePaymentState) => ({
  ...p,
  // Mollie reports what was refunded and what can still be, on every paid payment.
  ...(p.status === 'paid'
    ? {
        amountRefunded: p.amountRefunded ?? { value: '0.00', currency: p.amount.currency },
        amountRemaining: p.amountRefunded ? { value: '0.00', currency: p.amount.currency } : p.amount,
      }
    : {}),
  _links: {
    self: { href: `${ctx.apiOrigin()}/v2/payments/${p.id}`, type: 'application/hal+json' },
    ...(p.status === 'open' ? { checkout: { href: `${ctx.origin()}/checkout/${p.id}`, type: 'text/html' } } : {}),
    dashboard: { href: `${ctx.origin()}/checkout/${p.id}`, type: 'text/html' },
    documentation: { href: 'https://docs.mollie.com/reference/get-payment', type: 'text/html' },
  },
});

export function setStatus(
  ctx: MollieContext,
  p: MolliePaymentState,
  status: MolliePaymentState['status'],
  method?: TestMethod,
): void {
  const now = mollieTime(new Date());
  for (const key of ['paidAt', 'failedAt', 'canceledAt', 'expiredAt'] as const) delete p[key];
  p.status = status;
  p.isCancelable = false;
  if (status === 'open') {
    p.method = null;
    p.details = null;
  } else if (status === 'paid' || status === 'failed' || status === 'canceled' || status === 'expired') {
    p[`${status}At`] = now;
    if (method && status !== 'canceled' && status !== 'expired') {
      p.method = method;
      p.details = detailsOf(method, status);
    }
  }
  ctx.save();
}

export const reversals = ['refund', 'chargeback'] as const;
export type Reversal = (typeof reversals)[number];

/**
 * A full refund (as from Mollie's dashboard) or a chargeback (the customer's bank) of a paid payment: the status
 * stays `paid`, the amount shows as refunded or charged back, and Mollie calls the webhook. False when the
 * payment is not paid, or was reversed already.
 */
export function reverse(ctx: MollieContext, p: MolliePaymentState, reversal: Reversal): boolean {
  if (p.status !== 'paid' || p.amountRefunded || p.amountChargedBack) return false;
  if (reversal === 'refund') p.amountRefunded = { ...p.amount };
  else p.amountChargedBack = { ...p.amount };
  ctx.save();
  return true;
}

/** Mollie calls the webhook once per change; a failed call is only logged here (the API can still ask). */
export async function callWebhook(ctx: MollieContext, p: MolliePaymentState): Promise<void> {
  if (!p.webhookUrl) return;
  try {
    const res = await fetch(p.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Mollie.nl HTTP client/1.0' },
      body: new URLSearchParams({ id: p.id }).toString(),
      signal: AbortSignal.timeout(15_000),
    });
    await res.arrayBuffer();
    ctx.log(`[mollie] webhook ${p.webhookUrl} for ${p.id} (${p.status}): ${res.status}`);
  } catch (error) {
    ctx.log(`[mollie] webhook ${p.webhookUrl} for ${p.id} failed: ${String(error)}`);
  }
}

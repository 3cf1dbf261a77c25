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
  /** The payment's refunds (`POST /v2/payments/{id}/refunds`, or the test control's), oldest first. */
  refunds?: MollieRefundState[];
}

/** A refund as Mollie's refunds API reports it (test mode settles it at once: `refunded`). */
export interface MollieRefundState {
  resource: 'refund';
  id: string;
  mode: 'test';
  amount: { value: string; currency: string };
  description: string;
  metadata: unknown;
  status: 'queued' | 'pending' | 'processing' | 'refunded' | 'failed' | 'canceled';
  paymentId: string;
  createdAt: string;
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
const randomId = (prefix: string) =>
  `${prefix}_${Array.from({ length: 10 }, () => base62[randomInt(base62.length)]).join('')}`;
export const paymentId = () => randomId('tr');
export const refundId = () => randomId('re');
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

/** A refund as the API returns it, with its HAL links. */
export const refundView = (ctx: MollieContext, r: MollieRefundState) => ({
  ...r,
  _links: {
    self: { href: `${ctx.apiOrigin()}/v2/payments/${r.paymentId}/refunds/${r.id}`, type: 'application/hal+json' },
    payment: { href: `${ctx.apiOrigin()}/v2/payments/${r.paymentId}`, type: 'application/hal+json' },
    documentation: { href: 'https://docs.mollie.com/reference/get-refund', type: 'text/html' },
  },
});

/** The payment as the API returns it: HAL links, the checkout link only while it is open. */
export const paymentView = (ctx: MollieContext, { refunds, ...p }: MolliePaymentState) => ({
  ...p,
  // Mollie reports what was refunded and what can still be, on every paid payment.
  ...(p.status === 'paid'
    ? {
        amountRefunded: p.amountRefunded ?? { value: '0.00', currency: p.amount.currency },
        amountRemaining: { value: (remainingCents({ refunds, ...p }) / 100).toFixed(2), currency: p.amount.currency },
      }
    : {}),
  _links: {
    self: { href: `${ctx.apiOrigin()}/v2/payments/${p.id}`, type: 'application/hal+json' },
    ...(p.status === 'open' ? { checkout: { href: `${ctx.origin()}/checkout/${p.id}`, type: 'text/html' } } : {}),
    dashboard: { href: `${ctx.origin()}/checkout/${p.id}`, type: 'text/html' },
    ...(refunds?.length
      ? { refunds: { href: `${ctx.apiOrigin()}/v2/payments/${p.id}/refunds`, type: 'application/hal+json' } }
      : {}),
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
  if (reversal === 'refund') refund(ctx, p, { ...p.amount }, 'Refund', null);
  else {
    p.amountChargedBack = { ...p.amount };
    ctx.save();
  }
  return true;
}

/**
 * A refund of (part of) a paid payment, as Mollie's refunds API makes one: recorded on the payment
 * (`amountRefunded` grows, `amountRemaining` shrinks) and settled at once, as test mode does. The caller checked
 * that the payment is paid and the amount at most what remains.
 */
export function refund(
  ctx: MollieContext,
  p: MolliePaymentState,
  amount: { value: string; currency: string },
  description: string,
  metadata: unknown,
): MollieRefundState {
  const made: MollieRefundState = {
    resource: 'refund',
    id: refundId(),
    mode: 'test',
    amount,
    description,
    metadata,
    status: 'refunded',
    paymentId: p.id,
    createdAt: mollieTime(new Date()),
  };
  p.refunds = [...(p.refunds ?? []), made];
  const refunded = Number(p.amountRefunded?.value ?? 0) + Number(amount.value);
  p.amountRefunded = { value: refunded.toFixed(2), currency: p.amount.currency };
  ctx.save();
  return made;
}

/** What can still be refunded of a paid payment (Mollie's `amountRemaining`), in cents. */
export const remainingCents = (p: MolliePaymentState): number =>
  p.status !== 'paid' || p.amountChargedBack
    ? 0
    : Math.round(Number(p.amount.value) * 100) - Math.round(Number(p.amountRefunded?.value ?? 0) * 100);

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

import { expect, inject } from 'vitest';
import {
  createPaymentResponseSchema,
  pathOf,
  planPaymentDescription,
  planPricing,
  type CreatePaymentResponse,
} from '@reviewroute/shared';
import { apiCall, callOwnerApi, stackEntities, type ApiAnswer, type ApiUser } from './api';

/**
 * Paying through the local Mollie (infra/local/mollie.ts) the way its customers and Mollie itself do: the
 * payment tests each drive the same hosted checkout, webhook and dashboard buttons, so they share one way
 * of doing it here (a change to the local Mollie's forms is then made once).
 */

/**
 * The owner starts a payment with `body` as a browser sends it (any JSON: the API decides what it charges);
 * its id and the hosted checkout's URL.
 */
export const createPayment = async (owner: ApiUser, body: unknown): Promise<CreatePaymentResponse> =>
  createPaymentResponseSchema.parse(await callOwnerApi(owner, 'POST', pathOf('create-payment'), body));

/** The customer pays on the hosted checkout; the local Mollie calls the webhook before it answers. */
export async function payAtCheckout(checkoutUrl: string): Promise<void> {
  const res = await fetch(checkoutUrl, {
    method: 'POST',
    body: new URLSearchParams({ status: 'paid', method: 'creditcard' }),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
}

/** Mollie's dashboard refund (or the bank's chargeback), from the local checkout page's button; calls the webhook. */
export async function reversePayment(paymentId: string, reversal: 'refund' | 'chargeback'): Promise<void> {
  const res = await fetch(`${inject('localStack').urls.mollie}/checkout/${paymentId}`, {
    method: 'POST',
    body: new URLSearchParams({ reversal }),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
}

/** Mollie's webhook call about a payment: form-encoded `id=…`, no credentials. */
export const paymentWebhook = (id: string): Promise<ApiAnswer> =>
  apiCall(inject('localStack').urls.api, 'POST', pathOf('payment-webhook'), {
    body: new URLSearchParams({ id }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

/**
 * A Growth year paid two years ago, stored as the webhook stores a paid payment: the owner's plan has expired
 * (decisions 22) without waiting a year.
 */
export async function putExpiredGrowthYear(userId: string, paymentId: string): Promise<void> {
  const paidAt = new Date(Date.now() - 2 * 366 * 24 * 3600 * 1000).toISOString();
  await stackEntities()
    .payment.put({
      userId,
      paymentId,
      amount: planPricing.growth.chargedAmount,
      currency: planPricing.growth.currency,
      status: 'completed',
      providerStatus: 'paid',
      statusRank: 3,
      description: planPaymentDescription('growth'),
      plan: 'growth',
      createdAt: paidAt,
      paidAt,
    })
    .go();
}

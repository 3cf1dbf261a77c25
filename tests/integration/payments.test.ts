import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  accountSummarySchema,
  pathOf,
  paymentListSchema,
  paymentSchema,
  trialDays,
  type Payment,
} from '@reviewroute/shared';
import { apiCall, ownerCall, stackEntities, type ApiUser } from '../support/api';
import { createSignedInUser } from '../support/cognito';
import { createPayment } from '../support/local-mollie';

/**
 * Payments end to end on the local stack, against the local Mollie the real client talks to: a plan is
 * charged its own amount whatever the browser sends; the hosted checkout pays it and calls the webhook;
 * retried, concurrent and out-of-order webhooks leave one record with Mollie's final status; forged and
 * hostile webhook calls change nothing and never get a 5xx.
 */

const stack = inject('localStack');
const api = stack.urls.api;
const mollie = stack.urls.mollie;
const mollieAuth = { authorization: `Bearer ${stack.env.MOLLIE_API_KEY}` };

/** Mollie's own view of a payment (its API also answers plain HTTP on the local server). */
async function molliePayment(id: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${mollie}/v2/payments/${id}`, { headers: mollieAuth });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/** Sets Mollie's state of a payment without a webhook (the local server's test control): a stale read. */
async function setMollieStatus(id: string, status: string): Promise<void> {
  const res = await fetch(`${mollie}/_test/payments/${id}`, { method: 'POST', body: JSON.stringify({ status }) });
  expect(res.status).toBe(200);
}

/** Mollie's webhook call: form-encoded `id=…`, no credentials. */
const webhook = (body: string, contentType = 'application/x-www-form-urlencoded') =>
  apiCall(api, 'POST', pathOf('payment-webhook'), { body, headers: { 'content-type': contentType } });

/** Every billing item of an owner, straight from the table (strongly consistent). */
async function storedPayments(userId: string) {
  const { data } = await stackEntities().payment.query.byOwner({ userId }).go({ pages: 'all', consistent: true });
  return data;
}

const getPayment = async (owner: ApiUser, paymentId: string): Promise<Payment> =>
  paymentSchema.parse(await ownerCall(api, owner, 'GET', pathOf('get-payment', { paymentId })));

/** The customer on the hosted checkout: picks an outcome; answers where the browser is sent back to. */
async function checkout(checkoutUrl: string, status: 'paid' | 'failed' | 'canceled' | 'expired') {
  const page = await fetch(checkoutUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(`value="${status}"`);
  const res = await fetch(checkoutUrl, {
    method: 'POST',
    body: new URLSearchParams({ status, method: 'creditcard' }),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  return res.headers.get('location');
}

describe('payments through the local Mollie', () => {
  let owner: ApiUser;
  let intruder: ApiUser;
  let paid: string;

  beforeAll(async () => {
    [owner, intruder] = await Promise.all([createSignedInUser(stack), createSignedInUser(stack)]);
  });

  it('charges Growth 120.00 EUR whatever amount the browser sends, and records it as pending at once', async () => {
    const { paymentId, checkoutUrl } = await createPayment(owner, {
      kind: 'plan',
      plan: 'growth',
      amount: 0.01,
      currency: 'SEK',
      description: 'Growth for a cent',
      redirectUrl: 'https://evil.example/',
    });
    expect(checkoutUrl).toBe(`${mollie}/checkout/${paymentId}`);
    expect(await molliePayment(paymentId)).toMatchObject({
      status: 'open',
      amount: { value: '120.00', currency: 'EUR' },
      description: 'Growth - Annual Subscription',
      redirectUrl: `${stack.env.SITE_ORIGIN}/payments?success=true`,
      webhookUrl: `${stack.env.SITE_ORIGIN}/api/payments/webhook`,
      metadata: { userId: owner.userId, plan: 'growth', source: 'web_app' },
    });
    expect(await getPayment(owner, paymentId)).toMatchObject({
      id: paymentId,
      amount: 120,
      currency: 'EUR',
      status: 'pending',
      providerStatus: 'open',
      plan: 'growth',
    });
    paid = paymentId;
  });

  it('pays through the hosted checkout: 5 concurrent, out-of-order webhooks leave one record, paid', async () => {
    const { checkoutUrl } = { checkoutUrl: `${mollie}/checkout/${paid}` };
    // Retries while it is still open change nothing but are answered 200.
    const early = await Promise.all([1, 2, 3, 4, 5].map(() => webhook(`id=${paid}`)));
    expect(early.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);

    expect(await checkout(checkoutUrl, 'paid')).toBe(`${stack.env.SITE_ORIGIN}/payments?success=true`);
    expect(await getPayment(owner, paid)).toMatchObject({
      status: 'completed',
      providerStatus: 'paid',
      method: 'creditcard',
      cardLabel: 'Visa •••• 4242',
    });

    // Out of order: reads that see Mollie's earlier state ('open') arrive with and after reads of 'paid'.
    await setMollieStatus(paid, 'open');
    const stale = webhook(`id=${paid}`);
    await setMollieStatus(paid, 'paid');
    const calls = await Promise.all([
      stale,
      webhook(`id=${paid}`),
      webhook(JSON.stringify({ id: paid }), 'application/json'),
      webhook(`id=${paid}`),
      webhook(`id=${paid}`),
    ]);
    expect(calls.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    await setMollieStatus(paid, 'open');
    expect((await Promise.all([1, 2, 3, 4, 5].map(() => webhook(`id=${paid}`)))).map((r) => r.status)).toEqual([
      200, 200, 200, 200, 200,
    ]);
    await setMollieStatus(paid, 'paid');

    const items = await storedPayments(owner.userId);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ paymentId: paid, providerStatus: 'paid', status: 'completed', amount: 120 });
  });

  it('answers 200 to a forged or foreign id and stores nothing for it', async () => {
    // A payment of the same Mollie account that is not ours: no user id in its metadata.
    const res = await fetch(`${mollie}/v2/payments`, {
      method: 'POST',
      headers: { ...mollieAuth, 'content-type': 'application/json' },
      body: JSON.stringify({
        amount: { value: '350.00', currency: 'EUR' },
        description: 'Elsewhere',
        redirectUrl: 'https://shop.example/',
        metadata: { plan: 'enterprise' },
      }),
    });
    const foreign = (await res.json()) as { id: string };
    await setMollieStatus(foreign.id, 'paid');

    const before = await storedPayments(owner.userId);
    for (const id of ['tr_forged00001', foreign.id, 'not-a-mollie-id', '../../v2/payments'])
      expect((await webhook(`id=${encodeURIComponent(id)}`)).status, id).toBe(200);
    expect(await storedPayments(owner.userId)).toEqual(before);
    const { data } = await stackEntities()
      .payment.scan.where(
        ({ paymentId }, { eq }) => `${eq(paymentId, foreign.id)} OR ${eq(paymentId, 'tr_forged00001')}`,
      )
      .go({ pages: 'all' });
    expect(data).toEqual([]);
  });

  it('shows the account active on the Growth tier until a year after its trial ends, and the payment in the history', async () => {
    const summary = accountSummarySchema.parse(await ownerCall(api, owner, 'GET', pathOf('get-account')));
    const payment = await getPayment(owner, paid);
    // Paid during the trial: the year starts when the trial ends (decisions 22).
    const renewal = new Date(Date.parse(summary.createdAt) + trialDays * 24 * 60 * 60 * 1000);
    renewal.setUTCFullYear(renewal.getUTCFullYear() + 1);
    const expectedDays = Math.ceil((renewal.getTime() - Date.now()) / (24 * 60 * 60 * 1000));
    expect(summary.plan).toEqual({
      kind: 'active',
      daysRemaining: expectedDays,
      tier: 'growth',
      paidAt: payment.paidAt,
      activeUntil: renewal.toISOString(),
    });
    expect(expectedDays).toBeGreaterThanOrEqual(365);
    const history = paymentListSchema.parse(await ownerCall(api, owner, 'GET', pathOf('list-payments')));
    expect(history.payments).toEqual([payment]);
  });

  it('keeps an owner’s payment from anyone else: 404, and an empty history', async () => {
    const answer = await apiCall(api, 'GET', pathOf('get-payment', { paymentId: paid }), { user: intruder });
    expect(answer.status).toBe(404);
    const history = paymentListSchema.parse(await ownerCall(api, intruder, 'GET', pathOf('list-payments')));
    expect(history.payments).toEqual([]);
  });

  it('records a failed checkout as failed; a manual amount is at least €1 in EUR and names no plan', async () => {
    const buyer = await createSignedInUser(stack);
    const failed = await createPayment(buyer, { kind: 'plan', plan: 'enterprise' });
    expect(await checkout(failed.checkoutUrl, 'failed')).toBe(`${stack.env.SITE_ORIGIN}/payments?success=true`);
    expect(await getPayment(buyer, failed.paymentId)).toMatchObject({ status: 'failed', providerStatus: 'failed' });

    // A card tester's cent charge, or another currency, is refused before Mollie is asked.
    for (const [amount, currency] of [
      [0.5, 'EUR'],
      [0.01, 'EUR'],
      [60, 'SEK'],
    ] as const) {
      const refused = await apiCall(api, 'POST', pathOf('create-payment'), {
        user: buyer,
        body: { kind: 'manual', amount, currency, description: 'Test' },
      });
      expect(refused.status, `${amount} ${currency}`).toBe(400);
    }
    const cheap = await createPayment(buyer, {
      kind: 'manual',
      amount: 60,
      currency: 'EUR',
      description: 'Enterprise - Annual Subscription',
      plan: 'enterprise',
      language: 'nl',
    });
    expect(await molliePayment(cheap.paymentId)).toMatchObject({
      amount: { value: '60.00', currency: 'EUR' },
      redirectUrl: `${stack.env.SITE_ORIGIN}/nl/payments?success=true`,
      metadata: { plan: null },
    });
    await checkout(cheap.checkoutUrl, 'paid');
    expect(await getPayment(buyer, cheap.paymentId)).toMatchObject({ status: 'completed', plan: null });
  });

  it('never answers the webhook with a 5xx for hostile input, and stores nothing for it', async () => {
    const sent = new Set<string>();
    const id = fc.oneof(
      fc.stringMatching(/^tr_[A-Za-z0-9]{1,20}$/),
      fc.string({ maxLength: 80 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
    );
    const request = fc.oneof(
      id.map((value) => ({
        body: `id=${encodeURIComponent(value)}`,
        type: 'application/x-www-form-urlencoded',
        value,
      })),
      id.map((value) => ({ body: JSON.stringify({ id: value }), type: 'application/json', value })),
      fc.string({ maxLength: 200 }).map((body) => ({ body, type: 'application/x-www-form-urlencoded', value: '' })),
      fc.json().map((body) => ({ body, type: 'application/json', value: '' })),
      fc.string({ maxLength: 200 }).map((body) => ({ body, type: 'text/plain', value: '' })),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ body, type, value }) => {
        if (value) sent.add(value);
        const { status } = await webhook(body, type);
        expect(status, `${type} ${body}`).toBeLessThan(500);
      }),
      { numRuns: 80 },
    );
    const { data } = await stackEntities().payment.scan.go({ pages: 'all' });
    expect(data.filter((item) => sent.has(item.paymentId))).toEqual([]);
  });
});

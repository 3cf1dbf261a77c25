import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createPaymentResponseSchema, invoiceSchema, invoiceYearOf, pathOf } from '@reviewroute/shared';
import { apiCall, ownerCall, stackEntities, type ApiUser } from '../support/api';
import { createSignedInUser } from '../support/cognito';

/**
 * Invoices and the payment abuse limits on the local stack, against the local Mollie: invoice numbers are
 * gapless and unique however many payments are paid at once; a webhook for an id we never created costs no
 * Mollie call; an owner creating too many payments gets 429.
 */

const stack = inject('localStack');
const api = stack.urls.api;
const mollie = stack.urls.mollie;

/** How often the API asked the local Mollie for this payment id (its test control). */
async function mollieReads(id: string): Promise<number> {
  const res = await fetch(`${mollie}/_test/reads?id=${encodeURIComponent(id)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { reads: number }).reads;
}

const webhook = (id: string) =>
  apiCall(api, 'POST', pathOf('payment-webhook'), {
    body: new URLSearchParams({ id }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

async function createPayment(owner: ApiUser) {
  return createPaymentResponseSchema.parse(
    await ownerCall(api, owner, 'POST', pathOf('create-payment'), { kind: 'plan', plan: 'starter' }),
  );
}

/** The customer pays on the hosted checkout; the local Mollie calls the webhook before it answers. */
async function pay(checkoutUrl: string) {
  const res = await fetch(checkoutUrl, {
    method: 'POST',
    body: new URLSearchParams({ status: 'paid', method: 'creditcard' }),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
}

const sequenceOf = (number: string) => Number(number.slice(number.indexOf('-') + 1));

describe('invoices', () => {
  let owners: ApiUser[];

  beforeAll(async () => {
    owners = await Promise.all([1, 2, 3, 4, 5].map(() => createSignedInUser(stack)));
  });

  it('numbers 50 payments paid at once gaplessly and uniquely, one invoice each', async () => {
    // 10 payments per owner: the per-owner limit of an hour.
    const created = await Promise.all(
      owners.flatMap((owner) => Array.from({ length: 10 }, async () => ({ owner, ...(await createPayment(owner)) }))),
    );
    await Promise.all(created.map(({ checkoutUrl }) => pay(checkoutUrl)));
    const invoices = await Promise.all(
      created.map(async ({ owner, paymentId }) =>
        invoiceSchema.parse(await ownerCall(api, owner, 'GET', pathOf('get-invoice', { paymentId }))),
      ),
    );
    const numbers = invoices.map((invoice) => invoice.number);
    expect(new Set(numbers).size).toBe(50);
    expect(invoices.every((invoice, i) => invoice.paymentId === created[i]!.paymentId)).toBe(true);
    // A webhook delivered again and a status check find the same invoice: nothing numbered twice.
    await Promise.all(created.slice(0, 10).map(({ paymentId }) => webhook(paymentId)));

    // Gapless across the whole year, whatever else this run paid: every number up to the counter has exactly
    // one invoice (the counter is read first, so invoices issued meanwhile can only add numbers above it).
    const year = invoiceYearOf(invoices[0]!.issuedAt);
    const { invoice: invoiceEntity, invoiceCounter } = stackEntities();
    const last = (await invoiceCounter.get({ year }).go({ consistent: true })).data!.last;
    const { data: all } = await invoiceEntity.scan.go({ pages: 'all', consistent: true });
    const ofYear = all.map((i) => i.number).filter((n) => n.startsWith(`${year}-`));
    expect(new Set(ofYear).size).toBe(ofYear.length);
    const sequences = new Set(ofYear.map(sequenceOf));
    for (let n = 1; n <= last; n++) expect(sequences.has(n), `invoice ${year}-${n}`).toBe(true);
    for (const n of numbers) expect(sequenceOf(n)).toBeLessThanOrEqual(last);
    expect(all.filter((i) => created.some((c) => c.paymentId === i.paymentId))).toHaveLength(50);
  });

  it('refuses an owner’s 11th payment within the hour with 429 and Retry-After, before Mollie is asked', async () => {
    const answer = await apiCall(api, 'POST', pathOf('create-payment'), {
      user: owners[0]!,
      body: { kind: 'plan', plan: 'starter' },
    });
    expect(answer.status).toBe(429);
    expect((answer.body as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers a webhook for an id we never created with 200 and no Mollie call', async () => {
    const madeUp = 'tr_neverCreated42';
    expect((await webhook(madeUp)).status).toBe(200);
    expect(await mollieReads(madeUp)).toBe(0);
    // A real payment at Mollie that this API did not create (another app on the same account) is not ours either.
    const foreign = await fetch(`${stack.urls.mollie}/v2/payments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.env.MOLLIE_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        amount: { value: '5.00', currency: 'EUR' },
        description: 'Elsewhere',
        redirectUrl: 'https://shop.example/back',
        metadata: { userId: owners[1]!.userId, source: 'web_app' },
      }),
    });
    const { id } = (await foreign.json()) as { id: string };
    expect((await webhook(id)).status).toBe(200);
    expect(await mollieReads(id)).toBe(0);
    const { data } = await stackEntities().payment.query.byPaymentId({ paymentId: id }).go();
    expect(data).toEqual([]);
  });

  it('answers an unpaid payment’s invoice with 404, and nobody else’s', async () => {
    const buyer = await createSignedInUser(stack);
    const { paymentId } = await createPayment(buyer);
    const invoiceOf = (user: ApiUser) => apiCall(api, 'GET', pathOf('get-invoice', { paymentId }), { user });
    expect((await invoiceOf(buyer)).status).toBe(404);
    expect((await invoiceOf(owners[3]!)).status).toBe(404);
  });
});

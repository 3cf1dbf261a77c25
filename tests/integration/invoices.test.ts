import { beforeAll, describe, expect, inject, it } from 'vitest';
import { invoiceSchema, invoiceYearOf, pathOf } from '@reviewroute/shared';
import { samplePayment } from '@reviewroute/shared/testing';
import { createDynamoBillingRepository } from '@reviewroute/functions/data/billing-repository';
import { createDynamoInvoiceRepository } from '@reviewroute/functions/data/invoice-repository';
import { apiCall, ownerCall, stackEntities, type ApiUser } from '../support/api';
import { createSignedInUser } from '../support/cognito';
import { expectYearGapless, sequenceOf } from '../support/invoices';
import { createPayment, payAtCheckout, paymentWebhook as webhook } from '../support/local-mollie';

/**
 * Invoices and the payment abuse limits on the local stack, against the local Mollie: invoice numbers are
 * gapless and unique however many payments are paid at once; a webhook for an id we never created costs no
 * Mollie call; an owner creating too many payments gets 429.
 */

const stack = inject('localStack');
const api = stack.urls.api;
const mollie = stack.urls.mollie;
const starterPlan = { kind: 'plan', plan: 'starter' } as const;

/** How often the API asked the local Mollie for this payment id (its test control). */
async function mollieReads(id: string): Promise<number> {
  const res = await fetch(`${mollie}/_test/reads?id=${encodeURIComponent(id)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { reads: number }).reads;
}

describe('invoices', () => {
  let owners: ApiUser[];

  beforeAll(async () => {
    owners = await Promise.all([1, 2, 3, 4, 5].map(() => createSignedInUser(stack)));
  });

  it('numbers 50 payments paid at once gaplessly and uniquely, one invoice each', async () => {
    // 10 payments per owner: the per-owner limit of an hour.
    const created = await Promise.all(
      owners.flatMap((owner) =>
        Array.from({ length: 10 }, async () => ({ owner, ...(await createPayment(owner, starterPlan)) })),
      ),
    );
    await Promise.all(created.map(({ checkoutUrl }) => payAtCheckout(checkoutUrl)));
    // Mollie delivers every webhook again until it gets a 2xx (the local Mollie calls once): all 50 again at
    // once, a second concurrent wave that must number nothing twice, then any that still failed (an overloaded
    // DynamoDB Local) until each is answered.
    let pending = created.map(({ paymentId }) => paymentId);
    for (let round = 0; pending.length > 0 && round < 5; round++) {
      const answers = await Promise.all(pending.map(async (id) => ({ id, status: (await webhook(id)).status })));
      pending = answers.filter(({ status }) => status >= 500).map(({ id }) => id);
    }
    expect(pending).toEqual([]);
    const invoices = await Promise.all(
      created.map(async ({ owner, paymentId }) =>
        invoiceSchema.parse(await ownerCall(api, owner, 'GET', pathOf('get-invoice', { paymentId }))),
      ),
    );
    const numbers = invoices.map((invoice) => invoice.number);
    expect(new Set(numbers).size).toBe(50);
    expect(invoices.every((invoice, i) => invoice.paymentId === created[i]!.paymentId)).toBe(true);

    const { all, last } = await expectYearGapless(invoiceYearOf(invoices[0]!.issuedAt));
    for (const n of numbers) expect(sequenceOf(n)).toBeLessThanOrEqual(last);
    expect(all.filter((i) => created.some((c) => c.paymentId === i.paymentId))).toHaveLength(50);
  }, 300_000);

  it('stays gapless when separate instances race for numbers (each its own queue): 10 payments, 20 racers', async () => {
    const userId = owners[4]!.userId;
    const entities = () => stackEntities();
    const billing = createDynamoBillingRepository(entities);
    const paidAt = new Date().toISOString();
    const ids = Array.from({ length: 10 }, (_, i) => `tr_race${Date.now().toString(36)}${i}`);
    await Promise.all(
      ids.map((id) =>
        billing.upsertFromProvider(
          {
            userId,
            ...samplePayment({ id, amount: 60, plan: 'starter', paidAt, createdAt: paidAt }),
          },
          paidAt,
        ),
      ),
    );
    const draftOf = (paymentId: string) => ({
      paymentId,
      issuedAt: paidAt,
      amount: 60,
      currency: 'EUR' as const,
      plan: 'starter' as const,
      description: 'Starter - Annual Subscription',
      seller: { name: 'S', address: 'A', kvkNumber: '1', vatNumber: 'NL1' },
      buyer: null,
    });
    // Each payment twice, each call from an instance of its own: 20 racers, 10 invoices.
    const issued = await Promise.all(
      [...ids, ...ids].map((id) => createDynamoInvoiceRepository(entities).issue(userId, draftOf(id))),
    );
    const numbers = new Map<string, string>();
    for (const [i, answer] of issued.entries()) {
      expect(answer.outcome).not.toBe('not-paid');
      if (answer.outcome === 'not-paid') continue;
      const id = ids[i % ids.length]!;
      expect(numbers.get(id) ?? answer.invoice.number).toBe(answer.invoice.number);
      numbers.set(id, answer.invoice.number);
    }
    expect(new Set(numbers.values()).size).toBe(10);
    await expectYearGapless(invoiceYearOf(paidAt));
  }, 300_000);

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
    const { paymentId } = await createPayment(buyer, starterPlan);
    const invoiceOf = (user: ApiUser) => apiCall(api, 'GET', pathOf('get-invoice', { paymentId }), { user });
    expect((await invoiceOf(buyer)).status).toBe(404);
    expect((await invoiceOf(owners[3]!)).status).toBe(404);
  });
});

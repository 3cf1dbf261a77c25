import { beforeAll, describe, expect, inject, it } from 'vitest';
import { invoiceSchema, pathOf } from '@reviewroute/shared';
import { samplePayment } from '@reviewroute/shared/testing';
import { createDynamoBillingRepository } from '@reviewroute/functions/data/billing-repository';
import { createDynamoErasureRepository } from '@reviewroute/functions/data/erasure-repository';
import { createDynamoInvoiceRepository } from '@reviewroute/functions/data/invoice-repository';
import { erasureTombstoneExpiry } from '@reviewroute/functions/lib/erasure-guard';
import { ownerCall, stackEntities, type ApiUser } from '../support/api';
import { createSignedInUser } from '../support/cognito';
import { createPayment, payAtCheckout, paymentWebhook as webhook } from '../support/local-mollie';

/**
 * The payments' writes on the local stack: the payment's put and the invoice's issue carry the owner's erasure
 * tombstone as a condition, so a late webhook for an erased account writes nothing even when its payment is
 * still found; and an issued invoice keeps the buyer the profile named when it was issued.
 */

const stack = inject('localStack');
const api = stack.urls.api;
const hourMs = 3_600_000;
const growthPlan = { kind: 'plan', plan: 'growth' } as const;

describe('payments of an erased account', () => {
  let owner: ApiUser;

  beforeAll(async () => {
    owner = await createSignedInUser(stack);
  });

  it('a webhook 2 hours after the erasure writes nothing, although its payment is still found', async () => {
    const { paymentId, checkoutUrl } = await createPayment(owner, growthPlan);
    const billing = createDynamoBillingRepository(stackEntities);
    const invoices = createDynamoInvoiceRepository(stackEntities);
    const before = await billing.get(owner.userId, paymentId);
    expect(before).toMatchObject({ providerStatus: 'open' });
    // The erasure confirmed 2 hours ago; its pending payment record somehow survived (the webhook's lookup
    // still finds the owner by the payment id).
    await createDynamoErasureRepository(stackEntities).markErased(
      owner.userId,
      erasureTombstoneExpiry(Date.now() - 2 * hourMs),
    );
    // Paid at Mollie now: the checkout calls the webhook, and Mollie's retries follow.
    await payAtCheckout(checkoutUrl);
    for (const answer of await Promise.all([1, 2, 3].map(() => webhook(paymentId)))) expect(answer.status).toBe(200);
    expect(await billing.get(owner.userId, paymentId)).toEqual(before);
    expect(await invoices.get(owner.userId, paymentId)).toBeUndefined();
  });

  it('the payment put and the invoice issue themselves are refused by the tombstone (a write that raced the check)', async () => {
    const entities = stackEntities();
    const userId = owner.userId;
    const paidAt = new Date().toISOString();
    const id = `tr_erased${Date.now().toString(36)}`;
    const billing = createDynamoBillingRepository(stackEntities);
    await expect(
      billing.upsertFromProvider({ userId, ...samplePayment({ id, paidAt, createdAt: paidAt }) }, paidAt),
    ).rejects.toThrow(/account was deleted/);
    expect((await entities.payment.get({ userId, paymentId: id }).go({ consistent: true })).data).toBeNull();
    await expect(
      createDynamoInvoiceRepository(stackEntities).issue(userId, {
        paymentId: id,
        issuedAt: paidAt,
        amount: 120,
        currency: 'EUR',
        plan: 'growth',
        description: 'Growth - Annual Subscription',
        seller: { name: 'S', address: 'A', kvkNumber: '1', vatNumber: 'NL1' },
        buyer: null,
      }),
    ).rejects.toThrow(/account was deleted/);
    expect((await entities.invoice.get({ userId, paymentId: id }).go({ consistent: true })).data).toBeNull();
  });
});

describe('the buyer on an invoice', () => {
  it('is copied from the profile when the invoice is issued; a later profile edit changes no issued invoice', async () => {
    const owner = await createSignedInUser(stack);
    const profile = (body: object) => ownerCall(api, owner, 'PATCH', pathOf('update-profile'), body);
    await profile({
      fullName: 'Anna de Vries',
      businessName: 'Bakkerij Anna',
      businessAddress: 'Dorpsstraat 1\n3511 AA Utrecht',
    });
    const first = await createPayment(owner, growthPlan);
    await payAtCheckout(first.checkoutUrl);
    const invoiceOf = async (paymentId: string) =>
      invoiceSchema.parse(await ownerCall(api, owner, 'GET', pathOf('get-invoice', { paymentId })));
    const buyer = { name: 'Anna de Vries', businessName: 'Bakkerij Anna', address: 'Dorpsstraat 1\n3511 AA Utrecht' };
    expect((await invoiceOf(first.paymentId)).buyer).toEqual(buyer);

    await profile({ businessName: 'Anna B.V.', businessAddress: 'Elders 2\n1000 AA Amsterdam' });
    // A redelivered webhook and the owner's refresh find the invoice as it was issued.
    expect((await webhook(first.paymentId)).status).toBe(200);
    await ownerCall(api, owner, 'GET', pathOf('get-payment', { paymentId: first.paymentId }));
    expect((await invoiceOf(first.paymentId)).buyer).toEqual(buyer);

    const second = await createPayment(owner, growthPlan);
    await payAtCheckout(second.checkoutUrl);
    expect((await invoiceOf(second.paymentId)).buyer).toEqual({
      ...buyer,
      businessName: 'Anna B.V.',
      address: 'Elders 2\n1000 AA Amsterdam',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { isRefundable, paymentSchema, refundableUntil } from '@reviewroute/shared';
import { ApiError } from '../../lib/api-error';
import { memoryPaymentService } from '../../../testing/domains/payments';
import { refundsOnDeletion } from './refunds';

const owner = '8f1c2b4e-0000-4000-8000-000000000001';
const other = '8f1c2b4e-0000-4000-8000-000000000002';
const dayMs = 24 * 60 * 60 * 1000;

/** The payments service on a clock the test moves, with one Growth plan of `owner` paid at the start. */
async function paidPlan() {
  let at = Date.parse('2026-11-21T08:00:00.000Z');
  const setup = memoryPaymentService(() => new Date(at));
  const { paymentId } = await setup.service.create(owner, { kind: 'plan', plan: 'growth' });
  setup.provider.setStatus(paymentId, 'paid');
  await setup.service.webhook(paymentId);
  return { ...setup, paymentId, advance: (days: number) => (at += days * dayMs) };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof ApiError ? error.code : String(error)),
  );

describe('14 days money back (decisions 28)', () => {
  it('is open for a paid plan until 14 days after it was paid, and never for a manual payment or a refunded one', () => {
    const paid = { status: 'completed', plan: 'growth', paidAt: '2026-11-21T08:00:00.000Z', reversal: null } as const;
    expect(refundableUntil(paid)).toBe('2026-12-05T08:00:00.000Z');
    expect(isRefundable(paid, new Date('2026-12-05T07:59:59Z'))).toBe(true);
    expect(isRefundable(paid, new Date('2026-12-05T08:00:00Z'))).toBe(false);
    expect(refundableUntil({ ...paid, plan: null })).toBeNull();
    expect(refundableUntil({ ...paid, reversal: 'refunded' })).toBeNull();
    expect(refundableUntil({ ...paid, status: 'pending', paidAt: null })).toBeNull();
  });

  it('cancels a plan paid 2 days ago for its full amount at the provider, and stores it refunded', async () => {
    const { service, provider, billing, paidNotices, paymentId, advance } = await paidPlan();
    advance(2);
    const refunded = paymentSchema.parse(await service.refund(owner, paymentId));
    expect(refunded).toMatchObject({ id: paymentId, status: 'completed', reversal: 'refunded' });
    expect(provider.refunds).toEqual([
      { paymentId, refund: { amount: '120.00', currency: 'EUR', description: 'Growth - Annual Subscription' } },
    ]);
    expect((await billing.get(owner, paymentId))!.reversal).toBe('refunded');
    // Once: a second cancel is refused, and no second refund is asked for; the refund is no second "paid".
    expect(await codeOf(service.refund(owner, paymentId))).toBe('REFUND_NOT_ALLOWED');
    expect(provider.refunds).toHaveLength(1);
    expect(paidNotices).toEqual([paymentId]);
  });

  it('issues one credit note for the refund: the next number, naming the invoice, its amounts negated', async () => {
    const { service, provider, invoices, paymentId, advance } = await paidPlan();
    const invoice = (await invoices.get(owner, paymentId))!;
    expect(invoice.number).toBe('2026-000001');
    advance(2);
    await service.refund(owner, paymentId);
    const creditNote = await service.creditNote(owner, paymentId);
    expect(creditNote).toEqual({
      ...invoice,
      number: '2026-000002',
      issuedAt: '2026-11-23T08:00:00.000Z',
      amount: -120,
      credits: '2026-000001',
    });
    // The refund's webhook (and any redelivery) records it again: still the one credit note, no number used up.
    await service.webhook(paymentId);
    await service.webhook(paymentId);
    expect((await invoices.listByOwner(owner)).map((i) => i.number)).toEqual(['2026-000001', '2026-000002']);
    expect(invoices.counters.get(2026)).toBe(2);
    // The next payment's invoice follows without a gap.
    const next = await service.create(owner, { kind: 'plan', plan: 'starter' });
    provider.setStatus(next.paymentId, 'paid');
    await service.webhook(next.paymentId);
    expect((await service.invoice(owner, next.paymentId)).number).toBe('2026-000003');
    expect(await codeOf(service.creditNote(owner, next.paymentId))).toBe('NOT_FOUND');
    expect(await codeOf(service.creditNote(other, paymentId))).toBe('NOT_FOUND');
  });

  it('refuses a plan paid 14 days ago or more, another owner’s payment and an unknown id, asking the provider nothing', async () => {
    const { service, provider, paymentId, advance } = await paidPlan();
    expect(await codeOf(service.refund(other, paymentId))).toBe('NOT_FOUND');
    expect(await codeOf(service.refund(owner, 'tr_unknown1'))).toBe('NOT_FOUND');
    expect(await codeOf(service.refund(owner, 'not-an-id'))).toBe('NOT_FOUND');
    advance(14);
    expect(await codeOf(service.refund(owner, paymentId))).toBe('REFUND_NOT_ALLOWED');
    expect(provider.refunds).toEqual([]);
  });

  it('answers 503 and stores nothing when the provider cannot refund', async () => {
    const { service, provider, billing, paymentId } = await paidPlan();
    provider.failing = true;
    expect(await codeOf(service.refund(owner, paymentId))).toBe('SERVICE_UNAVAILABLE');
    expect((await billing.get(owner, paymentId))!.reversal).toBeNull();
  });

  it('takes a payment the provider already refunded (a double click) as done, without a second refund', async () => {
    const { service, provider, paymentId } = await paidPlan();
    provider.reverse(paymentId, 'refunded');
    expect(await service.refund(owner, paymentId)).toMatchObject({ reversal: 'refunded' });
    expect(provider.refunds).toEqual([]);
  });

  it('refunds on deletion every plan still within its 14 days, and none older; a provider outage stops the deletion', async () => {
    const { billing, invoices, provider, paymentId } = await paidPlan();
    let now = new Date('2026-11-24T08:00:00.000Z');
    const settle = refundsOnDeletion({ billing, invoices, provider: async () => provider, now: () => now });
    provider.failing = true;
    expect(await codeOf(settle(owner))).toBe('SERVICE_UNAVAILABLE');
    provider.failing = false;
    expect(await settle(owner)).toEqual([{ amount: 120, currency: 'EUR', plan: 'growth' }]);
    expect(provider.refunds.map((r) => r.paymentId)).toEqual([paymentId]);
    // The refund's credit note, before anything is erased (the erasure keeps it with the invoice).
    expect(await invoices.getCreditNote(owner, paymentId)).toMatchObject({
      number: '2026-000002',
      credits: '2026-000001',
      amount: -120,
      issuedAt: '2026-11-24T08:00:00.000Z',
    });
    // Without a provider nothing could be refunded: the deletion waits rather than losing the owner's money.
    expect(
      await codeOf(refundsOnDeletion({ billing, invoices, provider: async () => undefined, now: () => now })(owner)),
    ).toBe('SERVICE_UNAVAILABLE');
    // A payment the provider does not know took no money through it: nothing to refund, the deletion goes on.
    billing.records.set(`${owner}/tr_unknown1`, {
      ...(await billing.get(owner, paymentId))!,
      id: 'tr_unknown1',
      reversal: null,
    });
    expect(await settle(owner)).toEqual([{ amount: 120, currency: 'EUR', plan: 'growth' }]);
    // 15 days after the payment: nothing is due, so no provider is needed and the deletion goes on.
    now = new Date('2026-12-06T08:00:00.000Z');
    expect(
      await refundsOnDeletion({ billing, invoices, provider: async () => undefined, now: () => now })(owner),
    ).toEqual([]);
  });
});

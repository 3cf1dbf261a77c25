import { describe, expect, it } from 'vitest';
import {
  createPaymentSchema,
  invoiceSchema,
  paymentListSchema,
  paymentSchema,
  paymentWebhookSchema,
} from '@reviewroute/shared';
import { samplePayment } from '@reviewroute/shared/testing';
import { ApiError } from '../../lib/api-error';
import { paymentCreateRateLimit } from './service';
import { fakeSeller, fakeSiteOrigin, memoryPaymentService } from '../../../testing/domains/payments';

const owner = '8f1c2b4e-0000-4000-8000-000000000001';
const other = '8f1c2b4e-0000-4000-8000-000000000002';

const rejection = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
};

describe('creating a payment', () => {
  it('charges a plan its amount from shared/, whatever the browser sent, and records it as pending at once', async () => {
    const { service, provider, billing } = memoryPaymentService();
    // What the router hands over from such a body: the route's schema keeps the plan alone.
    const created = await service.create(
      owner,
      createPaymentSchema.parse({
        kind: 'plan',
        plan: 'growth',
        amount: 0.01,
        currency: 'SEK',
        description: 'cheap',
        redirectUrl: 'https://evil.example',
      }),
    );
    expect(provider.created).toEqual([
      {
        amount: '120.00',
        currency: 'EUR',
        description: 'Growth - Annual Subscription',
        redirectUrl: `${fakeSiteOrigin}/payments?success=true`,
        webhookUrl: `${fakeSiteOrigin}/api/payments/webhook`,
        metadata: { userId: owner, plan: 'growth', source: 'web_app' },
        language: 'en',
      },
    ]);
    expect(created).toEqual({ paymentId: 'tr_fake00001', checkoutUrl: 'https://checkout.example/tr_fake00001' });
    expect(await billing.get(owner, created.paymentId)).toMatchObject({
      amount: 120,
      currency: 'EUR',
      status: 'pending',
      providerStatus: 'open',
      plan: 'growth',
      method: null,
    });
  });

  it('sends a Dutch owner back to /nl/payments and takes a manual amount with two decimals', async () => {
    const { service, provider } = memoryPaymentService();
    await service.create(owner, {
      kind: 'manual',
      amount: 62.5,
      currency: 'EUR',
      description: 'Extra',
      language: 'nl',
    });
    expect(provider.created[0]).toMatchObject({
      amount: '62.50',
      currency: 'EUR',
      description: 'Extra',
      redirectUrl: `${fakeSiteOrigin}/nl/payments?success=true`,
      metadata: { userId: owner, plan: null, source: 'web_app' },
      language: 'nl',
    });
  });

  it('has invalid input refused by the route’s schema, and answers 503 when the provider is down, storing nothing', async () => {
    const { service, provider, billing } = memoryPaymentService();
    expect(createPaymentSchema.safeParse({ kind: 'plan', plan: 'platinum' }).success).toBe(false);
    expect(createPaymentSchema.safeParse({ kind: 'manual', amount: 0, currency: 'EUR' }).success).toBe(false);
    // A manual payment is at least €1, in EUR only (no cent card tests, no foreign currency).
    const manual = (amount: number, currency: string) =>
      createPaymentSchema.safeParse({ kind: 'manual', amount, currency, description: 'x' }).success;
    expect([manual(0.01, 'EUR'), manual(0.99, 'EUR'), manual(1, 'EUR'), manual(60, 'SEK')]).toEqual([
      false,
      false,
      true,
      false,
    ]);
    provider.failing = true;
    const down = await rejection(service.create(owner, { kind: 'plan', plan: 'starter' }));
    expect([down.statusCode, down.message]).toEqual([503, 'Failed to create payment']);
    expect(billing.records.size).toBe(0);
  });
});

describe('the per-owner limit on created payments', () => {
  it('refuses the 11th payment within the hour with 429 and Retry-After, before the provider is called', async () => {
    const { service, provider } = memoryPaymentService(() => new Date('2026-11-21T08:30:00.000Z'));
    for (let i = 0; i < paymentCreateRateLimit.limit; i++)
      await service.create(owner, { kind: 'plan', plan: 'starter' });
    const refused = await rejection(service.create(owner, { kind: 'plan', plan: 'starter' }));
    expect([refused.statusCode, refused.code, refused.headers?.['retry-after']]).toEqual([429, 'RATE_LIMITED', '1800']);
    expect(provider.created).toHaveLength(paymentCreateRateLimit.limit);
    // Another owner is not held back by it.
    await service.create(other, { kind: 'plan', plan: 'starter' });
  });
});

describe('the webhook', () => {
  async function created() {
    const setup = memoryPaymentService();
    const { paymentId } = await setup.service.create(owner, { kind: 'plan', plan: 'growth' });
    return { ...setup, paymentId };
  }

  it('records the provider’s state: paid becomes completed with the card', async () => {
    const { service, provider, billing, paymentId } = await created();
    provider.setStatus(paymentId, 'paid');
    expect(await service.webhook(paymentId)).toBe('recorded');
    const record = await billing.get(owner, paymentId);
    expect(paymentSchema.parse(record)).toMatchObject({
      status: 'completed',
      providerStatus: 'paid',
      method: 'creditcard',
      cardLabel: 'Visa •••• 4242',
      paidAt: '2026-11-21T08:00:00.000Z',
    });
  });

  it('is idempotent and ignores a stale read after the final status', async () => {
    const { service, provider, billing, paymentId } = await created();
    provider.setStatus(paymentId, 'paid');
    await Promise.all([1, 2, 3].map(() => service.webhook(paymentId)));
    // A read that lags behind (Mollie's state as it was before payment).
    provider.setStatus(paymentId, 'open');
    expect(await service.webhook(paymentId)).toBe('kept');
    expect(billing.records.size).toBe(1);
    expect((await billing.get(owner, paymentId))!.status).toBe('completed');
  });

  it('records a refund and a chargeback Mollie reports on a paid payment, and no stale read takes them back', async () => {
    const { service, provider, billing, paidNotices, paymentId } = await created();
    provider.setStatus(paymentId, 'paid');
    await service.webhook(paymentId);
    provider.reverse(paymentId, 'refunded');
    expect(await service.webhook(paymentId)).toBe('recorded');
    expect(await billing.get(owner, paymentId)).toMatchObject({ status: 'completed', reversal: 'refunded' });
    // A read from before the refund (paid, nothing refunded) arrives late: the refund stays.
    provider.reverse(paymentId, null);
    expect(await service.webhook(paymentId)).toBe('kept');
    provider.reverse(paymentId, 'charged-back');
    expect(await service.webhook(paymentId)).toBe('recorded');
    expect((await billing.get(owner, paymentId))!.reversal).toBe('charged-back');
    // The refund is no second "paid": one confirmation mail.
    expect(paidNotices).toEqual([paymentId]);
  });

  it('announces a payment as paid once: on the one write that turned it paid, whatever repeats or races', async () => {
    const { service, provider, paidNotices, plansPaid, paymentId } = await created();
    await service.webhook(paymentId);
    expect(paidNotices).toEqual([]);
    expect(plansPaid).toEqual([]);
    provider.setStatus(paymentId, 'paid');
    await Promise.all([1, 2, 3].map(() => service.webhook(paymentId)));
    await service.get(owner, paymentId);
    await service.webhook(paymentId);
    expect(paidNotices).toEqual([paymentId]);
    // The owner's review requests parked for a lapsed plan are woken by the same write, once.
    expect(plansPaid).toEqual([owner]);
  });

  it('records nothing for a payment of an account deleted since it was created', async () => {
    const { service, provider, billing, erased, paymentId } = await created();
    // The erasure removed the pending record.
    billing.records.clear();
    erased.add(owner);
    provider.setStatus(paymentId, 'paid');
    expect(await service.webhook(paymentId)).toBe('ignored');
    expect(billing.records.size).toBe(0);
  });

  it('writes nothing when the tombstone appears between the check and the write (the condition inside the write)', async () => {
    const { service, provider, billing, invoices, erasures, paidNotices, paymentId } = await created();
    provider.setStatus(paymentId, 'paid');
    // The early check still finds no tombstone (`erased` is empty); the write's own condition does.
    await erasures.markErased(owner, Math.floor(Date.parse('2026-11-21T08:00:00.000Z') / 1000) + 3600);
    const before = structuredClone(billing.records.get(`${owner}/${paymentId}`));
    expect(await service.webhook(paymentId)).toBe('ignored');
    expect(billing.records.get(`${owner}/${paymentId}`)).toEqual(before);
    expect(invoices.invoices.size).toBe(0);
    expect(paidNotices).toEqual([]);
    // The owner's own refresh is refused the same way (401 through the handler).
    await expect(service.get(owner, paymentId)).rejects.toThrow(/account was deleted/);
  });

  it('issues no invoice and sends no mail when the erasure starts between the payment write and the invoice', async () => {
    const { service, provider, invoices, erasures, paidNotices, paymentId } = await created();
    provider.setStatus(paymentId, 'paid');
    const issue = invoices.issue.bind(invoices);
    invoices.issue = async (userId, draft) => {
      await erasures.markErased(owner, Math.floor(Date.parse('2026-11-21T08:00:00.000Z') / 1000) + 3600);
      return issue(userId, draft);
    };
    expect(await service.webhook(paymentId)).toBe('ignored');
    expect(invoices.invoices.size).toBe(0);
    expect(paidNotices).toEqual([]);
  });

  it('changes nothing for an unknown, malformed or foreign id', async () => {
    const { service, provider, billing, paymentId } = await created();
    const before = JSON.stringify([...billing.records]);
    expect(await service.webhook('tr_forged123')).toBe('ignored');
    expect(await service.webhook('../../etc/passwd')).toBe('ignored');
    // A payment of the same Mollie account made elsewhere (no user id of ours in its metadata).
    const foreign = await provider.create({
      amount: '5.00',
      currency: 'EUR',
      description: 'Elsewhere',
      redirectUrl: 'https://shop.example',
      webhookUrl: 'https://shop.example/hook',
      metadata: {} as never,
      language: 'en',
    });
    provider.setStatus(foreign.id, 'paid');
    expect(await service.webhook(foreign.id)).toBe('ignored');
    // Another app on the account that happens to use a userId key.
    const other = await provider.create({
      amount: '5.00',
      currency: 'EUR',
      description: 'Elsewhere',
      redirectUrl: 'https://shop.example',
      webhookUrl: 'https://shop.example/hook',
      metadata: { userId: owner, plan: null, source: 'pos' } as never,
      language: 'en',
    });
    expect(await service.webhook(other.id)).toBe('ignored');
    expect(JSON.stringify([...billing.records])).toBe(before);
    expect((await billing.get(owner, paymentId))!.status).toBe('pending');
  });

  it('has a body without an id refused by the route’s schema, and answers 503 while the provider is down', async () => {
    const { service, provider, paymentId } = await created();
    expect(paymentWebhookSchema.safeParse({}).success).toBe(false);
    expect(paymentWebhookSchema.safeParse({ id: '' }).success).toBe(false);
    provider.failing = true;
    expect((await rejection(service.webhook(paymentId))).statusCode).toBe(503);
  });

  it('keeps the plan only when the charged amount is that plan’s', async () => {
    const { service, provider, billing } = memoryPaymentService();
    const odd = await provider.create({
      amount: '1.00',
      currency: 'EUR',
      description: 'Growth - Annual Subscription',
      redirectUrl: 'https://x.example',
      webhookUrl: 'https://x.example/hook',
      metadata: { userId: owner, plan: 'growth', source: 'web_app' },
      language: 'en',
    });
    // Recorded as ours (as a create would have), so the webhook asks the provider about it.
    await billing.upsertFromProvider({
      userId: owner,
      ...samplePayment({ id: odd.id, status: 'pending', providerStatus: 'open', paidAt: null }),
    });
    await service.webhook(odd.id);
    expect((await billing.get(owner, odd.id))!.plan).toBeNull();
  });

  it('asks the provider only about ids this API created: a made-up id costs no provider call', async () => {
    const { service, provider, paymentId } = await created();
    provider.reads.length = 0;
    const foreign = await provider.create({
      amount: '60.00',
      currency: 'EUR',
      description: 'Elsewhere',
      redirectUrl: 'https://shop.example',
      webhookUrl: 'https://shop.example/hook',
      metadata: { userId: owner, plan: null, source: 'web_app' },
      language: 'en',
    });
    expect(await service.webhook('tr_madeUp12345')).toBe('ignored');
    expect(await service.webhook(foreign.id)).toBe('ignored');
    expect(await service.webhook('not-an-id')).toBe('ignored');
    expect(provider.reads).toEqual([]);
    await service.webhook(paymentId);
    expect(provider.reads).toEqual([paymentId]);
  });
});

describe('invoices', () => {
  it('numbers each paid payment once, in order, with the seller; pending and failed ones get none', async () => {
    const { service, provider, invoices, paidNotices } = memoryPaymentService();
    const ids = [];
    for (const plan of ['starter', 'growth', 'enterprise'] as const)
      ids.push((await service.create(owner, { kind: 'plan', plan })).paymentId);
    const [first, second, failed] = ids as [string, string, string];
    provider.setStatus(second, 'paid');
    provider.setStatus(first, 'paid');
    provider.setStatus(failed, 'failed');
    await Promise.all([second, second, first, failed].map((id) => service.webhook(id)));
    await service.get(owner, first);
    await service.webhook(first);
    expect((await service.invoice(owner, second)).number).toBe('2026-000001');
    expect(invoiceSchema.parse(await service.invoice(owner, first))).toEqual({
      number: '2026-000002',
      paymentId: first,
      issuedAt: '2026-11-21T08:00:00.000Z',
      amount: 60,
      currency: 'EUR',
      plan: 'starter',
      description: 'Starter - Annual Subscription',
      seller: fakeSeller,
      buyer: { name: '', businessName: '', address: '', vatNumber: '' },
    });
    expect((await rejection(service.invoice(owner, failed))).statusCode).toBe(404);
    expect((await rejection(service.invoice(other, first))).statusCode).toBe(404);
    expect(invoices.invoices.size).toBe(2);
    expect(paidNotices).toEqual([second, first]);
  });

  it('copies the buyer from the profile when it is issued: a later profile edit changes no issued invoice', async () => {
    const { service, provider, profiles } = memoryPaymentService();
    await profiles.update(
      owner,
      { fullName: 'Anna de Vries', businessName: 'Bakkerij Anna', businessAddress: 'Dorpsstraat 1\n3511 AA Utrecht' },
      '2026-11-21T07:00:00.000Z',
    );
    const { paymentId } = await service.create(owner, { kind: 'plan', plan: 'growth' });
    provider.setStatus(paymentId, 'paid');
    await service.webhook(paymentId);
    const buyer = {
      name: 'Anna de Vries',
      businessName: 'Bakkerij Anna',
      address: 'Dorpsstraat 1\n3511 AA Utrecht',
      vatNumber: '',
    };
    expect((await service.invoice(owner, paymentId)).buyer).toEqual(buyer);
    await profiles.update(
      owner,
      { businessName: 'Anna B.V.', businessAddress: 'Elders 2' },
      '2026-11-22T07:00:00.000Z',
    );
    await service.webhook(paymentId);
    await service.get(owner, paymentId);
    expect((await service.invoice(owner, paymentId)).buyer).toEqual(buyer);
    // The next invoice carries the profile as it is then.
    const next = (await service.create(owner, { kind: 'plan', plan: 'growth' })).paymentId;
    provider.setStatus(next, 'paid');
    await service.webhook(next);
    expect((await service.invoice(owner, next)).buyer).toEqual({
      ...buyer,
      businessName: 'Anna B.V.',
      address: 'Elders 2',
    });
  });

  it('saves the purchase card’s business details to the profile, so its invoice carries them; Dutch description', async () => {
    const { service, provider, profiles } = memoryPaymentService();
    await profiles.update(owner, { fullName: 'Anna de Vries', businessName: 'Old name' }, '2026-11-21T07:00:00.000Z');
    const request = createPaymentSchema.parse({
      kind: 'plan',
      plan: 'growth',
      language: 'nl',
      buyer: {
        businessName: ' Bakkerij Anna B.V. ',
        businessAddress: 'Dorpsstraat 1\n3511 AA Utrecht',
        vatNumber: 'nl 8579.12345 b01',
      },
    });
    const { paymentId } = await service.create(owner, request);
    expect(provider.created[0]).toMatchObject({ description: 'Growth - Jaarabonnement', language: 'nl' });
    expect(await profiles.get(owner)).toMatchObject({
      fullName: 'Anna de Vries',
      businessName: 'Bakkerij Anna B.V.',
      businessAddress: 'Dorpsstraat 1\n3511 AA Utrecht',
      vatNumber: 'NL857912345B01',
    });
    provider.setStatus(paymentId, 'paid');
    await service.webhook(paymentId);
    expect((await service.invoice(owner, paymentId)).buyer).toEqual({
      name: 'Anna de Vries',
      businessName: 'Bakkerij Anna B.V.',
      address: 'Dorpsstraat 1\n3511 AA Utrecht',
      vatNumber: 'NL857912345B01',
    });
    // A VAT number in no member state's format, or no business name, is refused before anything is created.
    for (const buyer of [
      { businessName: 'B', businessAddress: 'A', vatNumber: 'NL123' },
      { businessName: ' ', businessAddress: 'A', vatNumber: '' },
    ])
      expect(createPaymentSchema.safeParse({ kind: 'plan', plan: 'growth', buyer }).success).toBe(false);
  });

  it('numbers per year in Dutch time: a payment at 00:30 on 1 January in Amsterdam starts the new year', async () => {
    let at = '2026-12-31T22:00:00.000Z';
    const { service, provider } = memoryPaymentService(() => new Date(at));
    const old = (await service.create(owner, { kind: 'plan', plan: 'starter' })).paymentId;
    provider.setStatus(old, 'paid');
    await service.webhook(old);
    at = '2026-12-31T23:30:00.000Z';
    const next = (await service.create(owner, { kind: 'plan', plan: 'starter' })).paymentId;
    provider.setStatus(next, 'paid');
    await service.webhook(next);
    expect((await service.invoice(owner, old)).number).toBe('2026-000001');
    expect((await service.invoice(owner, next)).number).toBe('2027-000001');
  });
});

describe('reading payments', () => {
  it('shows an owner only their own payment (404 for another’s) and lists newest first', async () => {
    let clock = Date.parse('2026-11-21T08:00:00.000Z');
    const { service } = memoryPaymentService(() => new Date((clock += 60_000)));
    const first = await service.create(owner, { kind: 'plan', plan: 'starter' });
    const second = await service.create(owner, { kind: 'plan', plan: 'growth' });
    await service.create(other, { kind: 'plan', plan: 'enterprise' });
    expect((await rejection(service.get(other, first.paymentId))).statusCode).toBe(404);
    expect((await rejection(service.get(owner, `tr_${'a'.repeat(2000)}`))).statusCode).toBe(404);
    expect((await rejection(service.get(owner, 'PAYMENT#x'))).statusCode).toBe(404);
    const list = paymentListSchema.parse(await service.list(owner));
    expect(list.payments.map((p) => p.id)).toEqual([second.paymentId, first.paymentId]);
    expect(list.payments[0]).not.toHaveProperty('userId');
  });

  it('refreshes a pending payment from the provider (a late webhook), and not a settled one', async () => {
    const { service, provider, billing } = memoryPaymentService();
    const { paymentId } = await service.create(owner, { kind: 'plan', plan: 'growth' });
    expect((await service.get(owner, paymentId)).status).toBe('pending');
    provider.setStatus(paymentId, 'paid');
    expect(await service.get(owner, paymentId)).toMatchObject({ status: 'completed', providerStatus: 'paid' });
    expect((await billing.get(owner, paymentId))!.status).toBe('completed');
    provider.reads.length = 0;
    await service.get(owner, paymentId);
    expect(provider.reads).toEqual([]);
  });

  it('answers the stored state when the provider cannot be asked', async () => {
    const { service, provider } = memoryPaymentService();
    const { paymentId } = await service.create(owner, { kind: 'plan', plan: 'growth' });
    provider.failing = true;
    expect((await service.get(owner, paymentId)).status).toBe('pending');
  });
});

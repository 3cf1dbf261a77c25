import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { invoiceExpiryOf, invoiceSchema, invoiceYearOf, keptInvoiceSchema, pathOf } from '@reviewroute/shared';
import { samplePayment } from '@reviewroute/shared/testing';
import { createDynamoBillingRepository } from '@reviewroute/functions/data/billing-repository';
import { createDynamoErasureRepository } from '@reviewroute/functions/data/erasure-repository';
import { createDynamoInvoiceRepository } from '@reviewroute/functions/data/invoice-repository';
import { erasureTombstoneExpiry } from '@reviewroute/functions/lib/erasure-guard';
import { ownerCall, stackEntities, type ApiUser } from '../support/api';
import { createSignedInUser } from '../support/cognito';
import { deleteAccount, mentioning, scanTable, waitForErasure } from '../support/erasure';
import { expectYearGapless, sequenceOf } from '../support/invoices';
import { createPayment, payAtCheckout, paymentWebhook as webhook } from '../support/local-mollie';

/**
 * The payments' writes on the local stack: the payment's put and the invoice's issue carry the owner's erasure
 * tombstone as a condition, so a late webhook for an erased account writes nothing even when its payment is
 * still found; an issued invoice keeps the buyer the profile named when it was issued; and the erasure keeps
 * the owner's invoices (decisions 24) for the operator's lookup by number, until they expire.
 */

const stack = inject('localStack');
const api = stack.urls.api;
const hourMs = 3_600_000;
const growthPlan = { kind: 'plan', plan: 'growth' } as const;
const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../..');
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');

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
    const buyer = {
      name: 'Anna de Vries',
      businessName: 'Bakkerij Anna',
      address: 'Dorpsstraat 1\n3511 AA Utrecht',
      vatNumber: '',
    };
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

describe('invoices of an erased account (decisions 24)', () => {
  /** The operator's lookup as the operator runs it (`npm run invoice -- <number> --json`), on this run's table. */
  async function operatorLookup(number: string): Promise<{ code: number; out: string }> {
    const env = Object.fromEntries(
      Object.entries(stack.env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    try {
      const { stdout } = await run(process.execPath, [tsxCli, 'functions/scripts/invoice.ts', number, '--json'], {
        cwd: repoRoot,
        env: { ...process.env, ...env },
      });
      return { code: 0, out: stdout };
    } catch (error) {
      const failed = error as { code?: number; stderr?: string };
      return { code: failed.code ?? -1, out: failed.stderr ?? '' };
    }
  }

  it(
    'are kept with the buyer’s business fields only, nothing else of the owner stays, the series goes on without a gap, and they expire 7 years after their date',
    { timeout: 120_000 },
    async () => {
      const owner = await createSignedInUser(stack);
      const buyer = {
        businessName: 'Bakkerij Griet B.V.',
        businessAddress: 'Kerkplein 7\n2011 AB Haarlem',
        vatNumber: 'NL 8579.12345 B01',
      };
      await ownerCall(api, owner, 'PATCH', pathOf('update-profile'), {
        fullName: 'Griet Verkerk',
        phone: '0687654321',
      });
      const paid = [];
      for (const plan of ['starter', 'growth'] as const) {
        const payment = await createPayment(owner, { kind: 'plan', plan, language: 'nl', buyer });
        await payAtCheckout(payment.checkoutUrl);
        paid.push(invoiceSchema.parse(await ownerCall(api, owner, 'GET', pathOf('get-invoice', payment))));
      }
      expect(paid.map((invoice) => invoice.buyer)).toEqual([
        {
          name: 'Griet Verkerk',
          businessName: buyer.businessName,
          address: buyer.businessAddress,
          vatNumber: 'NL857912345B01',
        },
        {
          name: 'Griet Verkerk',
          businessName: buyer.businessName,
          address: buyer.businessAddress,
          vatNumber: 'NL857912345B01',
        },
      ]);

      expect((await deleteAccount(owner)).status).toBe(202);
      const { erasureJob } = stackEntities();
      await waitForErasure(
        async () => !(await erasureJob.get({ userId: owner.userId }).go({ consistent: true })).data,
        90_000,
      );

      const items = await scanTable();
      // What stays is each invoice under its number, with what an invoice carries.
      for (const invoice of paid) {
        const lookup = await operatorLookup(invoice.number);
        expect(lookup.code, lookup.out).toBe(0);
        const kept = keptInvoiceSchema.strict().parse(JSON.parse(lookup.out));
        const { buyer: _contact, ...rest } = invoice;
        expect(kept).toEqual({
          ...rest,
          buyer: { businessName: buyer.businessName, address: buyer.businessAddress, vatNumber: 'NL857912345B01' },
          expiresAt: invoiceExpiryOf(invoice.issuedAt),
        });
        // The table's TTL attribute: 7 years after the invoice date.
        const [item] = items.filter((i) => i.pk === `KEPT-INVOICE#${invoice.number}`);
        expect(item).toMatchObject({ expiresAt: invoiceExpiryOf(invoice.issuedAt) });
        expect(Object.keys(item!).sort()).not.toContain('buyerName');
      }
      expect((await operatorLookup('2026-1')).code).toBe(1);

      // The next invoice (another owner) follows the last: the series has no gap where the erased owner's were.
      const next = await createSignedInUser(stack);
      const payment = await createPayment(next, growthPlan);
      await payAtCheckout(payment.checkoutUrl);
      const after = invoiceSchema.parse(await ownerCall(api, next, 'GET', pathOf('get-invoice', payment)));
      expect(sequenceOf(after.number)).toBeGreaterThan(sequenceOf(paid[1]!.number));
      const { kept } = await expectYearGapless(invoiceYearOf(after.issuedAt));
      expect(kept.map((k) => k.number)).toEqual(expect.arrayContaining(paid.map((i) => i.number)));

      // 7 years after its date the invoice expires: the lookup refuses it from that second on (DynamoDB's TTL
      // deletes the item within days after).
      const expiry = invoiceExpiryOf(paid[0]!.issuedAt) * 1000;
      const at = (ms: number) => createDynamoInvoiceRepository(stackEntities, () => ms);
      expect(await at(expiry - 1000).getKept(paid[0]!.number)).toMatchObject({ number: paid[0]!.number });
      expect(await at(expiry).getKept(paid[0]!.number)).toBeUndefined();

      // Nothing else names the owner: not the user id, the e-mail, the contact person or the phone.
      expect(items.filter(mentioning(owner.userId, owner.email, 'Griet Verkerk', '0687654321'))).toEqual([]);
    },
  );
});

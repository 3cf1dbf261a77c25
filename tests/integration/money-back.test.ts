import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  accountSummarySchema,
  invoiceSchema,
  invoiceYearOf,
  keptInvoiceSchema,
  pathOf,
  paymentSchema,
  trialDays,
} from '@reviewroute/shared';
import { callApi, callOwnerApi, stackEntities, type ApiUser } from '../support/api';
import { createSignedInUser } from '../support/cognito';
import { deleteAccount, waitForErasure } from '../support/erasure';
import { waitForMail } from '../support/inbox';
import { expectYearGapless, sequenceOf } from '../support/invoices';
import { createPayment, payAtCheckout } from '../support/local-mollie';

/**
 * 14 days money back and the trial kept (decisions 22 amended, 28) on the local stack, against the local Mollie's
 * refunds API: a plan paid on the trial's first day runs until a year after the trial ends; cancelled within 14
 * days it is refunded in full at Mollie and its year ends; an account deleted within the 14 days has its plan
 * refunded before anything is erased, and the deletion is confirmed by mail to the address before it goes. Each
 * refund issues a credit note with the series' next number, kept with its invoice after an erasure.
 */

const stack = inject('localStack');
const mollieAuth = { authorization: `Bearer ${stack.env.MOLLIE_API_KEY}` };
const dayMs = 24 * 60 * 60 * 1000;
const growthPlan = { kind: 'plan', plan: 'growth' } as const;

/** Mollie's own view of a payment and of its refunds (its API also answers plain HTTP on the local server). */
async function mollieView(paymentId: string) {
  const get = async (path: string) => {
    const res = await fetch(`${stack.urls.mollie}/v2/payments/${paymentId}${path}`, { headers: mollieAuth });
    expect(res.status).toBe(200);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const [payment, refunds] = await Promise.all([get(''), get('/refunds')]);
  return { payment, refunds: (refunds._embedded as { refunds: Record<string, unknown>[] }).refunds };
}

const accountOf = async (owner: ApiUser) =>
  accountSummarySchema.parse(await callOwnerApi(owner, 'GET', pathOf('get-account')));

/** A Growth plan paid on the hosted checkout now (the webhook records it); its payment id. */
async function payGrowth(owner: ApiUser): Promise<string> {
  const { paymentId, checkoutUrl } = await createPayment(owner, growthPlan);
  await payAtCheckout(checkoutUrl);
  return paymentId;
}

/** The controlled clock: the stored payment as if paid `days` ago (what the 14-day window reads). */
async function paidDaysAgo(userId: string, paymentId: string, days: number): Promise<void> {
  const at = new Date(Date.now() - days * dayMs).toISOString();
  await stackEntities().payment.patch({ userId, paymentId }).set({ paidAt: at, createdAt: at }).go();
}

const refund = (owner: ApiUser, paymentId: string) =>
  callApi('POST', pathOf('refund-payment', { paymentId }), { user: owner });

const invoiceOf = async (owner: ApiUser, paymentId: string) =>
  invoiceSchema.parse(await callOwnerApi(owner, 'GET', pathOf('get-invoice', { paymentId })));
const creditNoteOf = (owner: ApiUser, paymentId: string) =>
  callApi('GET', pathOf('get-credit-note', { paymentId }), { user: owner });

const execFileAsync = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../..');
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');

/** The operator's lookup as the operator runs it (`npm run invoice -- <number> --json`), on this run's table. */
async function operatorLookup(number: string) {
  const env = Object.fromEntries(
    Object.entries(stack.env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const { stdout } = await execFileAsync(process.execPath, [tsxCli, 'functions/scripts/invoice.ts', number, '--json'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
  });
  return keptInvoiceSchema.parse(JSON.parse(stdout));
}

describe('a plan paid during the trial, cancelled for its money back', () => {
  let owner: ApiUser;

  beforeAll(async () => {
    owner = await createSignedInUser(stack);
  });

  it('runs until a year after the trial ends; cancelled, Mollie refunds it in full and its year ends', async () => {
    const paymentId = await payGrowth(owner);
    const account = await accountOf(owner);
    const trialEnd = new Date(Date.parse(account.createdAt) + trialDays * dayMs);
    const yearAfter = new Date(trialEnd);
    yearAfter.setUTCFullYear(yearAfter.getUTCFullYear() + 1);
    expect(account.plan).toMatchObject({ kind: 'active', tier: 'growth', activeUntil: yearAfter.toISOString() });
    expect(account.plan.kind === 'active' && account.plan.daysRemaining).toBeGreaterThanOrEqual(365 + trialDays - 1);

    // Trial day 3: paid 2 days ago.
    const invoice = await invoiceOf(owner, paymentId);
    expect((await creditNoteOf(owner, paymentId)).status).toBe(404);
    await paidDaysAgo(owner.userId, paymentId, 2);
    const answer = await refund(owner, paymentId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(paymentSchema.parse(answer.body)).toMatchObject({
      id: paymentId,
      status: 'completed',
      reversal: 'refunded',
    });

    const { payment, refunds } = await mollieView(paymentId);
    expect(payment).toMatchObject({
      status: 'paid',
      amountRefunded: { value: '120.00', currency: 'EUR' },
      amountRemaining: { value: '0.00', currency: 'EUR' },
    });
    expect(refunds).toEqual([
      expect.objectContaining({ status: 'refunded', amount: { value: '120.00', currency: 'EUR' }, paymentId }),
    ]);
    // The year it paid for ended: the trial runs on as if nothing was paid.
    expect((await accountOf(owner)).plan).toMatchObject({ kind: 'trial' });

    // Its credit note: the series' next number (nothing else was paid meanwhile), naming the invoice it corrects,
    // the buyer and line copied, the amount negated; the year's series stays gapless with it.
    const credit = await creditNoteOf(owner, paymentId);
    expect(credit.status, JSON.stringify(credit.body)).toBe(200);
    const creditNote = invoiceSchema.parse(credit.body);
    expect(creditNote).toMatchObject({
      paymentId,
      credits: invoice.number,
      amount: -120,
      currency: 'EUR',
      plan: 'growth',
      seller: invoice.seller,
      buyer: invoice.buyer,
    });
    expect(creditNote.number.slice(0, 5)).toBe(invoice.number.slice(0, 5));
    expect(sequenceOf(creditNote.number)).toBe(sequenceOf(invoice.number) + 1);
    const { all } = await expectYearGapless(invoiceYearOf(creditNote.issuedAt));
    expect(all.filter((item) => item.userId === owner.userId).map((item) => item.number)).toEqual(
      expect.arrayContaining([invoice.number, creditNote.number]),
    );

    // Once only: no second refund is asked of Mollie, and its webhook issues no second credit note.
    const again = await refund(owner, paymentId);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { code: 'REFUND_NOT_ALLOWED' } });
    expect((await mollieView(paymentId)).refunds).toHaveLength(1);
    expect(invoiceSchema.parse((await creditNoteOf(owner, paymentId)).body).number).toBe(creditNote.number);
    const { all: after } = await expectYearGapless(invoiceYearOf(creditNote.issuedAt));
    expect(after.filter((item) => item.userId === owner.userId && item.credits)).toHaveLength(1);
  });

  it('refunds a plan paid 13 days ago, not one paid 14 days ago, nor another owner’s', async () => {
    const [inTime, late] = [await payGrowth(owner), await payGrowth(owner)];
    await paidDaysAgo(owner.userId, inTime, 13);
    await paidDaysAgo(owner.userId, late, 14);
    const intruder = await createSignedInUser(stack);
    expect((await refund(intruder, inTime)).status).toBe(404);
    const refused = await refund(owner, late);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { code: 'REFUND_NOT_ALLOWED' } });
    expect((await mollieView(late)).refunds).toEqual([]);
    expect((await refund(owner, inTime)).status).toBe(200);
    expect((await mollieView(inTime)).refunds).toHaveLength(1);
  });
});

describe('deleting the account within the 14 days', () => {
  it('refunds the plan before anything is erased and mails the confirmation to the address, naming the refund', async () => {
    const owner = await createSignedInUser(stack);
    const paymentId = await payGrowth(owner);
    const invoice = await invoiceOf(owner, paymentId);
    const answer = await deleteAccount(owner);
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    expect((await mollieView(paymentId)).refunds).toEqual([
      expect.objectContaining({ status: 'refunded', amount: { value: '120.00', currency: 'EUR' } }),
    ]);
    const mail = await waitForMail(stack.urls.inbox, owner.email, { subject: 'is being deleted' });
    expect(mail.body.text).toContain(owner.email);
    expect(mail.body.text).toContain('Plan ended: Growth plan, 1 year');
    expect(mail.body.text).toContain('Refund: €120.00');
    expect(mail.body.text).toContain('kept for 7 years');
    await waitForErasure(
      async () =>
        !(await stackEntities().payment.query.byOwner({ userId: owner.userId }).go()).data.length &&
        !(await stackEntities().invoice.query.byOwner({ userId: owner.userId }).go()).data.length,
      30_000,
    );
    // The refund's credit note was issued before the erasure and is kept with the invoice it corrects: the operator
    // reads both by number, with the buyer's business fields only.
    const { data: kept } = await stackEntities().keptInvoice.scan.go({ pages: 'all', consistent: true });
    const keptCredit = kept.find((item) => item.credits === invoice.number);
    expect(keptCredit, 'the kept credit note').toBeDefined();
    const creditNote = await operatorLookup(keptCredit!.number);
    expect(creditNote).toMatchObject({ paymentId, credits: invoice.number, amount: -120 });
    expect(Object.keys(creditNote.buyer).sort()).toEqual(['address', 'businessName', 'vatNumber']);
    expect(JSON.stringify(creditNote)).not.toContain(owner.email);
    expect(await operatorLookup(invoice.number)).toMatchObject({ paymentId, amount: 120 });
    await expectYearGapless(invoiceYearOf(creditNote.issuedAt));
  });

  it('refunds nothing for a plan paid 14 days ago or more, and says no refund in the mail (Dutch owner)', async () => {
    const owner = await createSignedInUser(stack, { locale: 'nl' });
    const paymentId = await payGrowth(owner);
    await paidDaysAgo(owner.userId, paymentId, 20);
    expect((await deleteAccount(owner)).status).toBe(202);
    const mail = await waitForMail(stack.urls.inbox, owner.email, { subject: 'wordt verwijderd' });
    expect(mail.body.text).toContain('facturen bewaren we 7 jaar');
    expect(mail.body.text).not.toContain('Terugbetaling:');
    expect((await mollieView(paymentId)).refunds).toEqual([]);
  });
});

import { beforeAll, describe, expect, inject, it } from 'vitest';
import { accountSummarySchema, errorBodySchema, pathOf, trialDays, type AccountSummary } from '@reviewroute/shared';
import { apiCall, createSampleSurvey, ownerCall, publishSurvey, type ApiUser } from '../support/api';
import { createSignedInUser } from '../support/cognito';
import { createPayment, payAtCheckout, putExpiredGrowthYear, reversePayment } from '../support/local-mollie';

/**
 * Plans as entitlements (decisions 22) on the local stack: the plan state comes from completed plan payments
 * through the real Mollie client and the local Mollie (checkout, refund, chargeback, webhook); publishing is
 * refused beyond the plan's active surveys with a 402 contract error; an expired account's surveys stay live.
 */

const stack = inject('localStack');
const api = stack.urls.api;

const planOf = async (owner: ApiUser): Promise<AccountSummary['plan']> =>
  accountSummarySchema.parse(await ownerCall(api, owner, 'GET', pathOf('get-account'))).plan;

/** Creates a payment and settles it on the local Mollie's hosted checkout (which calls the webhook). */
async function pay(owner: ApiUser, body: unknown): Promise<string> {
  const { paymentId, checkoutUrl } = await createPayment(owner, body);
  await payAtCheckout(checkoutUrl);
  return paymentId;
}

const yearAfter = (iso: string, years = 1) => {
  const date = new Date(iso);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.getTime();
};

describe('plans as entitlements', () => {
  let trial: ApiUser;
  let buyer: ApiUser;
  let lapsed: ApiUser;

  beforeAll(async () => {
    [trial, buyer, lapsed] = await Promise.all([
      createSignedInUser(stack),
      createSignedInUser(stack),
      createSignedInUser(stack),
    ]);
  });

  it('lets a trial account publish 5 surveys and refuses the 6th with 402 SURVEY_LIMIT_REACHED', async () => {
    const surveys = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => createSampleSurvey(trial, `Bakery ${n}`)));
    for (const survey of surveys.slice(0, 5)) await publishSurvey(trial, survey.id);
    const refused = await apiCall(api, 'POST', pathOf('publish-survey', { surveyId: surveys[5]!.id }), { user: trial });
    expect(refused.status).toBe(402);
    expect(errorBodySchema.parse(refused.body).error.code).toBe('SURVEY_LIMIT_REACHED');
    const sixth = await ownerCall(api, trial, 'GET', pathOf('get-survey', { surveyId: surveys[5]!.id }));
    expect(sixth).toMatchObject({ isActive: false, surveyCode: null });
    // Publishing an active survey again (after an edit) takes no new place.
    expect((await publishSurvey(trial, surveys[0]!.id)).isActive).toBe(true);
  });

  it('extends Growth by a year per payment; a €1 manual payment activates nothing; a refund ends its year', async () => {
    expect((await planOf(buyer)).kind).toBe('trial');
    const first = await pay(buyer, { kind: 'plan', plan: 'growth' });
    const once = await planOf(buyer);
    expect(once).toMatchObject({ kind: 'active', tier: 'growth' });
    const until = once.kind === 'active' ? once.activeUntil : '';
    // Paid in the trial: the year starts when the trial ends (decisions 22), so the trial's days are kept.
    const { createdAt } = accountSummarySchema.parse(await ownerCall(api, buyer, 'GET', pathOf('get-account')));
    const trialEnd = new Date(Date.parse(createdAt) + trialDays * 24 * 60 * 60 * 1000).toISOString();
    expect(Date.parse(until)).toBe(yearAfter(trialEnd));

    const second = await pay(buyer, { kind: 'plan', plan: 'growth' });
    const twice = await planOf(buyer);
    expect(twice).toMatchObject({ kind: 'active', tier: 'growth' });
    expect(twice.kind === 'active' && Date.parse(twice.activeUntil)).toBe(yearAfter(until));

    await pay(buyer, { kind: 'manual', amount: 1, currency: 'EUR', description: 'Tip' });
    expect(await planOf(buyer)).toEqual(twice);

    // The refund of the extension ends the year it bought; the chargeback of the first ends the rest.
    await reversePayment(second, 'refund');
    expect(await planOf(buyer)).toMatchObject({ kind: 'active', activeUntil: until });
    await reversePayment(first, 'chargeback');
    // A new account within its first week: the trial is back, nothing is bought.
    expect((await planOf(buyer)).kind).toBe('trial');
    const history = (await ownerCall(api, buyer, 'GET', pathOf('list-payments'))) as {
      payments: { id: string; reversal?: string | null }[];
    };
    expect(history.payments.find((p) => p.id === first)?.reversal).toBe('charged-back');
    expect(history.payments.find((p) => p.id === second)?.reversal).toBe('refunded');
  });

  it('an expired account keeps its live survey and may publish no further one (402 PLAN_EXPIRED)', async () => {
    const live = await publishSurvey(lapsed, (await createSampleSurvey(lapsed, 'Old Bakery')).id);
    await putExpiredGrowthYear(lapsed.userId, 'tr_oldgrowth1');
    expect(await planOf(lapsed)).toMatchObject({ kind: 'expired', tier: 'growth' });
    const next = await createSampleSurvey(lapsed, 'New Bakery');
    const refused = await apiCall(api, 'POST', pathOf('publish-survey', { surveyId: next.id }), { user: lapsed });
    expect(refused.status).toBe(402);
    expect(errorBodySchema.parse(refused.body).error.code).toBe('PLAN_EXPIRED');
    const page = await apiCall(api, 'GET', pathOf('get-public-survey', { surveyCode: live.surveyCode! }));
    expect(page.status).toBe(200);
  });
});

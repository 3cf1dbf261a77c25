import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allowances, allowancesOf, entitlementsOf, rampUpDays, type Allowances } from './entitlements';
import { planIds, planOfAmount, planPricing, planRank, type PaymentRecord } from './plans';

const created = '2026-01-01T00:00:00.000Z';
const paid = (amount: number, at: string): PaymentRecord => ({
  status: 'completed',
  amount,
  currency: 'EUR',
  createdAt: at,
});

const from = Date.parse('2025-01-01T00:00:00Z');
const to = Date.parse('2029-01-01T00:00:00Z');
const instant = fc.integer({ min: from, max: to }).map((ms) => new Date(ms));
const payment: fc.Arbitrary<PaymentRecord> = fc.record({
  status: fc.constantFrom('completed', 'pending', 'failed'),
  amount: fc.oneof(fc.constantFrom(0, 1, 59.99, 60, 119.99, 120, 349.99, 350, 1000), fc.double({ min: 0, max: 2000 })),
  currency: fc.constantFrom('EUR', 'SEK', undefined),
  createdAt: instant.map((d) => d.toISOString()),
  reversed: fc.boolean(),
});

/** a ≤ b in every allowance (null, unlimited, is the most). */
const atMost = (a: Allowances, b: Allowances) =>
  (b.activeSurveys === null || (a.activeSurveys !== null && a.activeSurveys <= b.activeSurveys)) &&
  a.dailyRequests <= b.dailyRequests &&
  a.dailyPlaceSearches <= b.dailyPlaceSearches &&
  a.monthlyTexts <= b.monthlyTexts;

describe('the plan an amount buys', () => {
  it('is the dearest plan whose charged amount it reaches, from the price table alone', () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 5000, noNaN: true }), (amount) => {
        const plan = planOfAmount(amount);
        const reached = planIds.filter((id) => amount >= planPricing[id].chargedAmount);
        if (plan === null) expect(reached).toEqual([]);
        else {
          expect(amount).toBeGreaterThanOrEqual(planPricing[plan].chargedAmount);
          for (const id of reached) expect(planRank(id)).toBeLessThanOrEqual(planRank(plan));
        }
      }),
    );
  });

  it('ranks the plans by price: starter < growth < enterprise', () => {
    expect(planIds.map(planRank)).toEqual([0, 1, 2]);
  });
});

describe('the table of entitlements', () => {
  it('holds decisions 22 and 25: active surveys and monthly texts per plan', () => {
    expect(allowances.trial).toMatchObject({ activeSurveys: 5, monthlyTexts: 25 });
    expect(allowances.starter).toMatchObject({ activeSurveys: 1, monthlyTexts: 100 });
    expect(allowances.growth).toMatchObject({ activeSurveys: 5, monthlyTexts: 500 });
    expect(allowances.enterprise).toMatchObject({ activeSurveys: null, monthlyTexts: 2000 });
    expect(allowances.lapsed).toEqual({
      activeSurveys: 0,
      dailyRequests: 0,
      dailyPlaceSearches: 5,
      monthlyTexts: 0,
      dailyBatches: 20,
      dailyRows: 500,
    });
  });

  it('gives a dearer plan at least what a cheaper one gives, and a lapsed account least of all', () => {
    for (const id of planIds) {
      expect(atMost(allowances.lapsed, allowances[id])).toBe(true);
      for (const other of planIds)
        if (planRank(other) < planRank(id)) expect(atMost(allowances[other], allowances[id])).toBe(true);
    }
    expect(atMost(allowances.lapsed, allowances.trial)).toBe(true);
  });
});

describe('what an owner may do now', () => {
  it('is the trial’s for a new account, ending 7 days after its creation', () => {
    const now = new Date('2026-01-03T00:00:00Z');
    expect(entitlementsOf(created, [], now)).toEqual({
      state: { kind: 'trial', daysRemaining: 5 },
      plan: null,
      periodEndsAt: '2026-01-08T00:00:00.000Z',
      ...allowances.trial,
    });
    expect(entitlementsOf(created, [], new Date('2026-01-09T00:00:00Z'))).toMatchObject({
      state: { kind: 'trial-ended' },
      periodEndsAt: '2026-01-08T00:00:00.000Z',
      dailyRequests: 0,
    });
  });

  it('is the running plan’s while a year bought runs, then a lapsed account’s', () => {
    const payments = [paid(120, '2026-02-01T00:00:00.000Z')];
    expect(entitlementsOf(created, payments, new Date('2026-03-01T00:00:00Z'))).toMatchObject({
      plan: 'growth',
      periodEndsAt: '2027-02-01T00:00:00.000Z',
      ...allowances.growth,
    });
    expect(entitlementsOf(created, payments, new Date('2027-03-01T00:00:00Z'))).toMatchObject({
      state: { kind: 'expired', tier: 'growth' },
      plan: null,
      periodEndsAt: '2027-02-01T00:00:00.000Z',
      ...allowances.lapsed,
    });
  });

  it('grants an account of unknown creation no trial: only its payments count', () => {
    const now = new Date('2026-01-02T00:00:00Z');
    expect(entitlementsOf(null, [], now)).toEqual({
      state: { kind: 'trial-ended' },
      plan: null,
      periodEndsAt: null,
      ...allowances.lapsed,
    });
    // Ramped as a new account could be: the trial's daily requests, the plan's other allowances.
    expect(entitlementsOf(null, [paid(60, created)], now)).toMatchObject({
      plan: 'starter',
      ...allowances.starter,
      dailyRequests: allowances.trial.dailyRequests,
    });
  });

  it('ramps a new account up: a plan paid in the first week sends at most the trial’s requests a day until it ends', () => {
    const payments = [paid(350, '2026-01-02T00:00:00.000Z')];
    expect(entitlementsOf(created, payments, new Date('2026-01-07T23:59:59Z'))).toMatchObject({
      plan: 'enterprise',
      activeSurveys: null,
      dailyRequests: allowances.trial.dailyRequests,
    });
    expect(entitlementsOf(created, payments, new Date('2026-01-08T00:00:00Z'))).toMatchObject({
      plan: 'enterprise',
      ...allowances.enterprise,
    });
    // A stack that sets the ramp-up to 0 days (a bench's owner of minutes) gets the plan's allowance at once.
    expect(entitlementsOf(created, payments, new Date('2026-01-02T00:00:01Z'), { rampUpDays: 0 })).toMatchObject({
      dailyRequests: allowances.enterprise.dailyRequests,
    });
  });

  it('never gives an owner of unknown creation more than any known account with the same payments', () => {
    fc.assert(
      fc.property(instant, fc.array(payment, { maxLength: 6 }), instant, (createdAt, payments, now) => {
        const unknown = entitlementsOf(null, payments, now);
        const known = entitlementsOf(createdAt.toISOString(), payments, now);
        expect(atMost(unknown, known)).toBe(true);
      }),
    );
  });

  it('always answers the allowances of its own state, and a running period that ends after now', () => {
    fc.assert(
      fc.property(instant, fc.array(payment, { maxLength: 6 }), instant, (createdAt, payments, now) => {
        const e = entitlementsOf(createdAt.toISOString(), payments, now);
        const own = allowancesOf(e.state);
        const ramping = now.getTime() - createdAt.getTime() < rampUpDays * 24 * 3600 * 1000;
        expect(e).toMatchObject({
          ...own,
          dailyRequests: ramping ? Math.min(own.dailyRequests, allowances.trial.dailyRequests) : own.dailyRequests,
        });
        if (e.state.kind === 'trial' || e.state.kind === 'active')
          expect(Date.parse(e.periodEndsAt!)).toBeGreaterThan(now.getTime());
        expect(e.plan).toBe(e.state.kind === 'active' ? e.state.tier : null);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { allowancesOf } from './entitlements';
import { accountState, planPeriods, type PaymentRecord } from './plans';

const created = '2026-01-01T00:00:00.000Z';
const paid = (amount: number, at: string, extra: Partial<PaymentRecord> = {}): PaymentRecord => ({
  status: 'completed',
  amount,
  currency: 'EUR',
  createdAt: at,
  ...extra,
});
const iso = (ms: number) => new Date(ms).toISOString();

describe('plan state from completed plan payments', () => {
  it('gives a year from a Growth payment, then expires keeping the tier for the renewal', () => {
    const payments = [paid(120, '2026-02-01T00:00:00.000Z')];
    expect(accountState(created, payments, new Date('2026-02-02T00:00:00Z'))).toEqual({
      kind: 'active',
      tier: 'growth',
      daysRemaining: 364,
      paidAt: '2026-02-01T00:00:00.000Z',
      activeUntil: '2027-02-01T00:00:00.000Z',
    });
    expect(accountState(created, payments, new Date('2027-02-01T00:00:00Z'))).toEqual({
      kind: 'expired',
      tier: 'growth',
      paidAt: '2026-02-01T00:00:00.000Z',
      endedAt: '2027-02-01T00:00:00.000Z',
    });
  });

  it('extends: a second Growth payment adds a year after the running one, not from its own date', () => {
    const payments = [paid(120, '2026-02-01T00:00:00.000Z'), paid(120, '2026-06-15T00:00:00.000Z')];
    const state = accountState(created, payments, new Date('2026-06-16T00:00:00Z'));
    expect(state).toMatchObject({ kind: 'active', tier: 'growth', activeUntil: '2028-02-01T00:00:00.000Z' });
    expect(accountState(created, payments, new Date('2027-12-31T00:00:00Z'))).toMatchObject({ kind: 'active' });
    expect(accountState(created, payments, new Date('2028-02-01T00:00:00Z'))).toMatchObject({ kind: 'expired' });
  });

  it('starts a new year from the payment when the previous one has ended', () => {
    const payments = [paid(120, '2026-02-01T00:00:00.000Z'), paid(120, '2027-05-01T00:00:00.000Z')];
    expect(accountState(created, payments, new Date('2027-05-02T00:00:00Z'))).toMatchObject({
      kind: 'active',
      activeUntil: '2028-05-01T00:00:00.000Z',
    });
  });

  it('upgrades at once and moves the rest of the lower year after the new one', () => {
    const payments = [paid(60, '2026-02-01T00:00:00.000Z'), paid(350, '2026-08-01T00:00:00.000Z')];
    expect(accountState(created, payments, new Date('2026-07-31T00:00:00Z'))).toMatchObject({ tier: 'starter' });
    expect(accountState(created, payments, new Date('2026-08-01T00:00:00Z'))).toMatchObject({
      kind: 'active',
      tier: 'enterprise',
    });
    const periods = planPeriods(payments).map((p) => ({ tier: p.tier, start: iso(p.start), end: iso(p.end) }));
    const starterRest = Date.parse('2027-02-01T00:00:00Z') - Date.parse('2026-08-01T00:00:00Z');
    expect(periods).toEqual([
      { tier: 'starter', start: '2026-02-01T00:00:00.000Z', end: '2026-08-01T00:00:00.000Z' },
      { tier: 'enterprise', start: '2026-08-01T00:00:00.000Z', end: '2027-08-01T00:00:00.000Z' },
      {
        tier: 'starter',
        start: '2027-08-01T00:00:00.000Z',
        end: iso(Date.parse('2027-08-01T00:00:00Z') + starterRest),
      },
    ]);
    // A lower tier bought during a higher one waits for it: the tier now stays Enterprise.
    const withLower = [...payments, paid(120, '2026-09-01T00:00:00.000Z')];
    expect(accountState(created, withLower, new Date('2026-09-02T00:00:00Z'))).toMatchObject({ tier: 'enterprise' });
  });

  it('ends the year a refunded payment bought, and what followed moves up', () => {
    const refunded = [paid(120, '2026-02-01T00:00:00.000Z', { reversed: true })];
    expect(accountState(created, refunded, new Date('2026-03-01T00:00:00Z'))).toEqual({ kind: 'trial-ended' });
    // Still within the trial's week: the trial is back.
    expect(
      accountState(
        created,
        refunded.map((p) => ({ ...p, createdAt: '2026-01-02T00:00:00.000Z' })),
        new Date('2026-01-03T00:00:00Z'),
      ),
    ).toMatchObject({
      kind: 'trial',
    });
    const extendedThenRefunded = [
      paid(120, '2026-02-01T00:00:00.000Z'),
      paid(120, '2026-06-15T00:00:00.000Z', { reversed: true }),
    ];
    expect(accountState(created, extendedThenRefunded, new Date('2026-06-16T00:00:00Z'))).toMatchObject({
      activeUntil: '2027-02-01T00:00:00.000Z',
    });
  });

  it('ends the year of a charged-back upgrade: back to the lower tier', () => {
    const payments = [paid(60, '2026-02-01T00:00:00.000Z'), paid(120, '2026-03-01T00:00:00.000Z', { reversed: true })];
    expect(accountState(created, payments, new Date('2026-03-02T00:00:00Z'))).toMatchObject({
      kind: 'active',
      tier: 'starter',
      activeUntil: '2027-02-01T00:00:00.000Z',
    });
  });

  it('activates nothing for a manual amount below the Starter price, another currency, or an unfinished payment', () => {
    const small = [paid(1, '2026-01-02T00:00:00.000Z')];
    expect(accountState(created, small, new Date('2026-01-03T00:00:00Z'))).toMatchObject({ kind: 'trial' });
    expect(accountState(created, small, new Date('2026-02-03T00:00:00Z'))).toEqual({ kind: 'trial-ended' });
    const sek = [paid(350, '2026-01-02T00:00:00.000Z', { currency: 'SEK' })];
    expect(accountState(created, sek, new Date('2026-02-03T00:00:00Z'))).toEqual({ kind: 'trial-ended' });
    const pending = [paid(120, '2026-01-02T00:00:00.000Z', { status: 'pending' })];
    expect(accountState(created, pending, new Date('2026-02-03T00:00:00Z'))).toEqual({ kind: 'trial-ended' });
    // A growth payment during the running plan still extends after a small manual one (paid in the trial: a year
    // from the trial's end).
    const mixed = [paid(120, '2026-01-02T00:00:00.000Z'), paid(1, '2026-01-03T00:00:00.000Z')];
    expect(accountState(created, mixed, new Date('2026-01-04T00:00:00Z'))).toMatchObject({
      activeUntil: '2027-01-08T00:00:00.000Z',
    });
  });

  it('starts a first plan paid during the trial when the trial ends, in force from the payment on', () => {
    const payments = [paid(120, '2026-01-01T10:00:00.000Z')];
    const trial = { start: Date.parse(created), end: Date.parse('2026-01-08T00:00:00.000Z') };
    expect(planPeriods(payments, trial).map((p) => [p.tier, iso(p.start), iso(p.end)])).toEqual([
      ['growth', '2026-01-08T00:00:00.000Z', '2027-01-08T00:00:00.000Z'],
    ]);
    // Trial day 1: Growth now, until a year after the trial's end (the 7 trial days kept on top of the year).
    expect(accountState(created, payments, new Date('2026-01-01T12:00:00Z'))).toEqual({
      kind: 'active',
      tier: 'growth',
      daysRemaining: 372,
      paidAt: '2026-01-01T10:00:00.000Z',
      activeUntil: '2027-01-08T00:00:00.000Z',
    });
    expect(accountState(created, payments, new Date('2027-01-08T00:00:00Z'))).toMatchObject({ kind: 'expired' });
    // Paid after the trial ended: from its own moment, as before.
    const late = [paid(120, '2026-01-10T00:00:00.000Z')];
    expect(accountState(created, late, new Date('2026-01-11T00:00:00Z'))).toMatchObject({
      activeUntil: '2027-01-10T00:00:00.000Z',
    });
    // An upgrade during the trial applies at once; the lower year follows the higher one, both after the trial.
    const upgraded = [paid(60, '2026-01-02T00:00:00.000Z'), paid(120, '2026-01-03T00:00:00.000Z')];
    expect(planPeriods(upgraded, trial).map((p) => [p.tier, iso(p.start), iso(p.end)])).toEqual([
      ['growth', '2026-01-08T00:00:00.000Z', '2027-01-08T00:00:00.000Z'],
      ['starter', '2027-01-08T00:00:00.000Z', '2028-01-08T00:00:00.000Z'],
    ]);
    expect(accountState(created, upgraded, new Date('2026-01-04T00:00:00Z'))).toMatchObject({ tier: 'growth' });
    // Refunded: the year it paid for ends, the trial runs on as if nothing was paid.
    const refunded = [paid(120, '2026-01-01T10:00:00.000Z', { reversed: true })];
    expect(accountState(created, refunded, new Date('2026-01-03T00:00:00Z'))).toEqual({
      kind: 'trial',
      daysRemaining: 5,
    });
  });

  it('allows active surveys per plan: trial and Growth 5, Starter 1, Enterprise unlimited, none after the end', () => {
    expect(allowancesOf({ kind: 'trial', daysRemaining: 3 }).activeSurveys).toBe(5);
    const active = { kind: 'active', daysRemaining: 10, paidAt: created, activeUntil: created } as const;
    expect(allowancesOf({ ...active, tier: 'starter' }).activeSurveys).toBe(1);
    expect(allowancesOf({ ...active, tier: 'growth' }).activeSurveys).toBe(5);
    expect(allowancesOf({ ...active, tier: 'enterprise' }).activeSurveys).toBeNull();
    expect(allowancesOf({ kind: 'trial-ended' }).activeSurveys).toBe(0);
    expect(allowancesOf({ kind: 'expired', tier: 'growth', paidAt: created, endedAt: created }).activeSurveys).toBe(0);
  });
});

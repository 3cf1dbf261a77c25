import { describe, expect, it } from 'vitest';
import { planOfferOf } from './plan-offer';

const active = { kind: 'active', daysRemaining: 300, paidAt: '2026-01-01', activeUntil: '2027-01-01' } as const;

describe('planOfferOf', () => {
  it('offers to extend the current plan, upgrade to a higher one, and a lower one for afterwards', () => {
    const growth = { ...active, tier: 'growth' } as const;
    expect(planOfferOf('growth', growth)).toBe('extend');
    expect(planOfferOf('enterprise', growth)).toBe('upgrade');
    expect(planOfferOf('starter', growth)).toBe('later');
  });
  it('renews an expired plan and sells plainly during a trial or without a session', () => {
    expect(planOfferOf('growth', { kind: 'expired', tier: 'growth', paidAt: 'x', endedAt: 'y' })).toBe('renew');
    expect(planOfferOf('starter', { kind: 'expired', tier: 'growth', paidAt: 'x', endedAt: 'y' })).toBe('buy');
    expect(planOfferOf('growth', { kind: 'trial', daysRemaining: 3 })).toBe('buy');
    expect(planOfferOf('growth', undefined)).toBe('buy');
  });
});

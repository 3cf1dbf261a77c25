import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planIds, planPricing, planOfAmount, planOfPayment, type PlanId } from './plans';
import { splitVat, splitVatCents, toCents, vatRatePercent } from './vat';

describe('VAT split of an amount that includes 21 % VAT', () => {
  it('net + VAT is exactly the total for every cent amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 * 100 }), (totalCents) => {
        const { netCents, vatCents } = splitVatCents(totalCents);
        expect(Number.isInteger(netCents) && Number.isInteger(vatCents)).toBe(true);
        expect(netCents + vatCents).toBe(totalCents);
      }),
    );
  });

  it('the VAT is the total × 21/121, off by at most half a cent, and 21 % of the net within a cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 * 100 }), (totalCents) => {
        const { netCents, vatCents } = splitVatCents(totalCents);
        expect(Math.abs(vatCents - (totalCents * vatRatePercent) / 121)).toBeLessThanOrEqual(0.5);
        expect(Math.abs(vatCents - netCents * 0.21)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('splits the launch prices as the invoice shows them', () => {
    expect(splitVat(60)).toEqual({ net: 49.59, vat: 10.41, total: 60 });
    expect(splitVat(120)).toEqual({ net: 99.17, vat: 20.83, total: 120 });
    expect(splitVat(350)).toEqual({ net: 289.26, vat: 60.74, total: 350 });
    expect(splitVat(0.01)).toEqual({ net: 0.01, vat: 0, total: 0.01 });
  });

  it('takes decimal amounts without float noise, refuses what is not a cent amount', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        expect(toCents(cents / 100)).toBe(cents);
      }),
    );
    for (const bad of [1.5, -1.5, Number.NaN]) expect(() => splitVatCents(bad)).toThrow(RangeError);
  });

  it('splits a credit note’s negative amount as the exact negation of its invoice’s', () => {
    expect(splitVat(-120)).toEqual({ net: -99.17, vat: -20.83, total: -120 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (cents) => {
        const invoice = splitVatCents(cents);
        const credit = splitVatCents(-cents);
        expect(credit).toEqual({ netCents: 0 - invoice.netCents, vatCents: 0 - invoice.vatCents, totalCents: -cents });
        expect(credit.netCents + credit.vatCents).toBe(-cents);
      }),
    );
  });
});

describe('the one price table (decisions 21)', () => {
  it('holds the spec’s list prices and the charged launch prices, in EUR per year', () => {
    expect(planIds.map((id) => [planPricing[id].listPrice, planPricing[id].chargedAmount])).toEqual([
      [120, 60],
      [300, 120],
      [750, 350],
    ]);
    for (const id of planIds) expect(planPricing[id].chargedAmount).toBeLessThan(planPricing[id].listPrice);
  });

  it('each plan’s charged amount buys exactly that plan; a cent less falls to the plan below', () => {
    const plans: Record<PlanId, [PlanId, PlanId | null]> = {
      starter: ['starter', null],
      growth: ['growth', 'starter'],
      enterprise: ['enterprise', 'growth'],
    };
    for (const id of planIds) {
      const { chargedAmount } = planPricing[id];
      expect([planOfAmount(chargedAmount), planOfAmount(chargedAmount - 0.01)]).toEqual(plans[id]);
      expect(planOfPayment({ amount: chargedAmount, currency: 'EUR' })).toBe(plans[id][0]);
    }
  });
});

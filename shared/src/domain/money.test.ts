import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney } from './money';

describe('amounts as owners read them', () => {
  it('writes euros the way each language does', () => {
    expect(formatMoney(120, 'EUR', 'en')).toBe('€120.00');
    expect(formatMoney(120, 'EUR', 'nl')).toBe('€\u00a0120,00');
    expect(formatMoney(1234.5, 'EUR', 'nl')).toBe('€\u00a01.234,50');
    expect(formatMoney(120, 'EUR', 'en', true)).toBe('€120');
  });

  it('writes plain amounts with the language decimal mark', () => {
    expect(formatAmount(10, 'en')).toBe('10.00');
    expect(formatAmount(10, 'nl')).toBe('10,00');
  });
});

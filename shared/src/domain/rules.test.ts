import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountState, planOfAmount, planOfPayment } from './plans';
import { allRatings, averageRating, ratingBand, ratingsIn } from './rating';
import { contactFollowUpDefaults, contactFollowUpText } from './survey-texts';
import {
  businessSlug,
  generateSurveyCode,
  landingUrl,
  surveyCodeAlphabet,
  surveyCodePattern,
  withHttps,
} from './survey-link';

describe('rating bands', () => {
  it('maps 1-2 low, 3-4 mid, 5 high and refuses anything else', () => {
    expect([1, 2, 3, 4, 5].map(ratingBand)).toEqual(['low', 'low', 'mid', 'mid', 'high']);
    for (const bad of [0, 6, 2.5, Number.NaN]) expect(() => ratingBand(bad)).toThrow(RangeError);
    expect(allRatings).toEqual([1, 2, 3, 4, 5]);
    expect([ratingsIn('low'), ratingsIn('mid'), ratingsIn('high')]).toEqual([[1, 2], [3, 4], [5]]);
  });
  it('rounds the average to one decimal', () => {
    expect(averageRating(16, 4)).toBe(4);
    expect(averageRating(14, 3)).toBe(4.7);
    expect(averageRating(0, 0)).toBe(0);
  });
});

describe('survey link', () => {
  it('slugs the business name as the spec says', () => {
    expect(businessSlug("Joe's Pizza & Pasta")).toBe('joes-pizza-pasta');
    expect(businessSlug('  Café  de   Zon ')).toBe('cafe-de-zon');
    expect(businessSlug('ABC 123')).toBe('abc-123');
  });
  it('slugs are always URL-safe', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        expect(businessSlug(name)).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
      }),
    );
  });
  it('generates 8-character codes from the unambiguous alphabet', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 64, maxLength: 64 }), (bytes) => {
        let offset = 0;
        const code = generateSurveyCode((n) => {
          const out = new Uint8Array(n);
          for (let i = 0; i < n; i++) out[i] = bytes[offset++ % bytes.length]!;
          return out;
        });
        expect(code).toMatch(surveyCodePattern);
      }),
    );
    expect(surveyCodeAlphabet).not.toMatch(/[01ilo]/);
  });
  it('builds the absolute landing URL and adds https to bare URLs', () => {
    expect(landingUrl('https://app.example.com/', 'abcd2345', 'joes-pizza')).toBe(
      'https://app.example.com/surveys/abcd2345/joes-pizza',
    );
    expect(withHttps('search.google.com/local/writereview?placeid=x')).toBe(
      'https://search.google.com/local/writereview?placeid=x',
    );
    expect(withHttps('http://example.com')).toBe('http://example.com');
    expect(withHttps('  ')).toBe('');
  });
});

describe('plans', () => {
  it('derives the plan from the charged amount', () => {
    expect([350, 349, 120, 119, 60, 59].map(planOfAmount)).toEqual([
      'enterprise',
      'growth',
      'growth',
      'starter',
      'starter',
      null,
    ]);
  });
  it('is a 7-day trial on day one and ends after a week without payment', () => {
    const created = '2026-01-01T10:00:00Z';
    expect(accountState(created, [], new Date('2026-01-01T12:00:00Z'))).toEqual({ kind: 'trial', daysRemaining: 7 });
    expect(accountState(created, [], new Date('2026-01-08T11:00:00Z'))).toEqual({ kind: 'trial-ended' });
  });
  it('gives a year from the first completed payment in the list', () => {
    const payments = [
      { status: 'failed' as const, amount: 350, createdAt: '2026-03-01T00:00:00Z' },
      { status: 'completed' as const, amount: 120, createdAt: '2026-02-01T00:00:00Z' },
    ];
    expect(accountState('2026-01-01T00:00:00Z', payments, new Date('2026-02-02T00:00:00Z'))).toMatchObject({
      kind: 'active',
      tier: 'growth',
      daysRemaining: 364,
    });
    expect(accountState('2026-01-01T00:00:00Z', payments, new Date('2027-02-02T00:00:00Z'))).toMatchObject({
      kind: 'expired',
    });
  });
  it('compares amounts in EUR only: another currency buys no plan', () => {
    expect(planOfPayment({ amount: 350, currency: 'SEK' })).toBeNull();
    expect(planOfPayment({ amount: 350, currency: 'EUR' })).toBe('enterprise');
    expect(planOfPayment({ amount: 120 })).toBe('growth');
    const sek = [{ status: 'completed' as const, amount: 350, currency: 'SEK', createdAt: '2026-02-01T00:00:00Z' }];
    // Activates nothing (decisions 22): the ended trial stays ended.
    expect(accountState('2026-01-01T00:00:00Z', sek, new Date('2026-02-02T00:00:00Z'))).toEqual({
      kind: 'trial-ended',
    });
  });
});

describe('contact follow-up text', () => {
  it('is the survey’s own, or its language’s default when empty', () => {
    expect(contactFollowUpText({ contactFollowUpMessage: 'We call you.', language: 'en' })).toBe('We call you.');
    expect(contactFollowUpText({ contactFollowUpMessage: ' ', language: 'nl' })).toBe(contactFollowUpDefaults.nl);
    expect(contactFollowUpText({ language: 'en' })).toBe(contactFollowUpDefaults.en);
  });
});

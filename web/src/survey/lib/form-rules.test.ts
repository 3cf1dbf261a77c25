import { describe, expect, it } from 'vitest';
import { asksForContact, bandMessage, commentTooLong, nextStep, ratingBand, showsReviewPrompt } from './form-rules';

const messages = { lowRatingMessage: 'low', midRatingMessage: 'mid', highRatingMessage: 'high' };

describe('survey form rules', () => {
  it('picks the band and its message: 1-2 low, 3-4 mid, 5 high', () => {
    expect([1, 2, 3, 4, 5].map(ratingBand)).toEqual(['low', 'low', 'mid', 'mid', 'high']);
    expect([1, 2, 3, 4, 5].map((r) => bandMessage(messages, r))).toEqual(['low', 'low', 'mid', 'mid', 'high']);
  });

  it('moves the step 1 -> 2 on the first rating -> 3 on the first non-empty comment, never back', () => {
    expect(nextStep(1, null, '')).toBe(1);
    expect(nextStep(1, null, 'typed before rating')).toBe(1);
    expect(nextStep(1, 4, '')).toBe(2);
    expect(nextStep(2, 4, '   ')).toBe(2);
    expect(nextStep(2, 4, 'Great')).toBe(3);
    expect(nextStep(1, 2, 'Restored draft')).toBe(3);
    expect(nextStep(3, 4, '')).toBe(3);
    expect(nextStep(2, 1, '')).toBe(2);
  });

  it('allows 500 characters and flags 501', () => {
    expect(commentTooLong('a'.repeat(500))).toBe(false);
    expect(commentTooLong('a'.repeat(501))).toBe(true);
  });

  it('asks for contact details only for ratings 1-2 when the survey collects them', () => {
    const on = { collectContactOnLowRating: true };
    const off = { collectContactOnLowRating: false };
    expect([null, 1, 2, 3, 4, 5].map((r) => asksForContact(on, r))).toEqual([false, true, true, false, false, false]);
    expect([1, 2].map((r) => asksForContact(off, r))).toEqual([false, false]);
  });

  it('shows the review prompt for rating 5 only, or for every band with the switch on', () => {
    const off = { offerPublicReviewToEveryone: false };
    const on = { offerPublicReviewToEveryone: true };
    expect([1, 2, 3, 4, 5].map((r) => showsReviewPrompt(off, r))).toEqual([false, false, false, false, true]);
    expect([1, 2, 3, 4, 5].map((r) => showsReviewPrompt(on, r))).toEqual([true, true, true, true, true]);
  });
});

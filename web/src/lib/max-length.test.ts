import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { businessInformationSchema, reviewRoutingSchema, surveyTextLimits } from '@reviewroute/shared';
import { maxLengthOf } from './max-length';

describe('maxLengthOf', () => {
  it('reads the limit through optional, nullable, default and pipe wrappers', () => {
    expect(maxLengthOf(z.string().max(5))).toBe(5);
    expect(maxLengthOf(z.string().max(5).optional().nullable())).toBe(5);
    expect(maxLengthOf(z.string().max(5).default(''))).toBe(5);
    expect(maxLengthOf(z.string().max(5).pipe(z.string()))).toBe(5);
  });
  it('knows the wizard fields’ limits from the shared schemas', () => {
    expect(maxLengthOf(businessInformationSchema.shape.businessName)).toBe(surveyTextLimits.businessName);
    expect(maxLengthOf(businessInformationSchema.shape.industry)).toBe(surveyTextLimits.industry);
    expect(maxLengthOf(businessInformationSchema.shape.googleBusinessUrl)).toBe(surveyTextLimits.googleBusinessUrl);
    expect(maxLengthOf(reviewRoutingSchema.shape.lowRatingMessage)).toBe(surveyTextLimits.ratingMessage);
  });
  it('is undefined for a field without a length limit', () => {
    expect(maxLengthOf(z.boolean())).toBeUndefined();
    expect(maxLengthOf(undefined)).toBeUndefined();
  });
});

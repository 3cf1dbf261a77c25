import { describe, expect, it } from 'vitest';
import { emptyProfile, profileSchema, profileTextLimits, profileUpdateSchema } from './profile';

describe('profile', () => {
  it('starts empty with the URL-copied flag off', () => {
    const { userId, surveyUrlCopied, language, updatedAt, ...texts } = profileSchema.parse(emptyProfile('u1'));
    expect({ userId, surveyUrlCopied, language, updatedAt }).toEqual({
      userId: 'u1',
      surveyUrlCopied: false,
      language: null,
      updatedAt: null,
    });
    // Every text the owner fills in (the fields with a length limit), and only those, is there and empty.
    expect(texts).toEqual(Object.fromEntries(Object.keys(profileTextLimits).map((field) => [field, ''])));
  });

  it('updates any subset, trimmed, and drops unknown keys', () => {
    expect(profileUpdateSchema.parse({ surveyUrlCopied: true })).toEqual({ surveyUrlCopied: true });
    expect(profileUpdateSchema.parse({ fullName: ' Ann ', userId: 'someone-else' })).toEqual({ fullName: 'Ann' });
  });

  it('records an interface language of the product only', () => {
    expect(profileUpdateSchema.parse({ language: 'nl' })).toEqual({ language: 'nl' });
    expect(profileUpdateSchema.safeParse({ language: 'de' }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ language: null }).success).toBe(false);
  });

  it('refuses wrong types and over-long text', () => {
    expect(profileUpdateSchema.safeParse({ surveyUrlCopied: 'true' }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ phone: '1'.repeat(41) }).error?.issues[0]?.message).toBe(
      'This text is too long',
    );
    expect(profileUpdateSchema.safeParse([]).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { ownerLanguageOf } from './owner-contacts';

describe("an owner mail's language", () => {
  it('is the interface language recorded on the profile, whatever Cognito stored at sign-up', () => {
    expect(ownerLanguageOf('nl', 'en')).toBe('nl');
    expect(ownerLanguageOf('en', 'nl-NL')).toBe('en');
  });

  it("falls back to Cognito's locale while none is recorded, and to English without either", () => {
    expect(ownerLanguageOf(null, 'nl_BE')).toBe('nl');
    expect(ownerLanguageOf(undefined, 'en')).toBe('en');
    expect(ownerLanguageOf(null, undefined)).toBe('en');
  });
});

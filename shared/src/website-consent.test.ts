import { describe, expect, it } from 'vitest';
import { shownNameOf } from './domain/website-consent';
import { submitResponseSchema } from './public-survey';
import { hideFromWebsiteSchema, websiteConsentMessages } from './website-consent';

const submit = (extra: Record<string, unknown>) =>
  submitResponseSchema.safeParse({
    rating: 5,
    idempotencyKey: '6f1d2c3b-4a59-4e8f-9a7b-000000000001',
    elapsedMs: 5000,
    ...extra,
  });

describe('the website consent', () => {
  it('is absent unless the customer ticked the box, and then names the review by their choice', () => {
    const without = submit({});
    expect(without.success && without.data.websiteConsent).toBeUndefined();
    const given = submit({ websiteConsent: { nameStyle: 'initials', name: 'Anna de Vries' } });
    expect(given.success && given.data.websiteConsent).toEqual({ nameStyle: 'initials', name: 'Anna de Vries' });
  });

  it('needs a name to show and one of the two styles', () => {
    for (const websiteConsent of [
      { nameStyle: 'initials', name: '   ' },
      { nameStyle: 'initials', name: 'x'.repeat(201) },
      { nameStyle: 'full-name', name: 'Anna' },
      { name: 'Anna' },
      true,
    ]) {
      const result = submit({ websiteConsent });
      expect(result.success, JSON.stringify(websiteConsent)).toBe(false);
    }
    const blank = submit({ websiteConsent: { nameStyle: 'first-name', name: ' ' } });
    expect(blank.error?.issues[0]?.message).toBe(websiteConsentMessages.nameRequired);
  });

  it('shows the first word, or every word’s first letter', () => {
    expect(shownNameOf('  Anna   de Vries ', 'first-name')).toBe('Anna');
    expect(shownNameOf('Anna de Vries', 'initials')).toBe('A.d.V.');
    expect(shownNameOf('Émile', 'initials')).toBe('É.');
    expect(shownNameOf('', 'first-name')).toBe('');
  });

  it('is taken off the website only for one of decisions 27’s reasons', () => {
    for (const reason of ['personal-data', 'offensive', 'not-about-business'])
      expect(hideFromWebsiteSchema.safeParse({ reason }).success).toBe(true);
    for (const reason of ['negative', '', undefined])
      expect(hideFromWebsiteSchema.safeParse({ reason }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { filterFromParams, hasFilter, withFilter, withoutFilters } from './inbox-url';
import { replyMailto } from './reply';

describe('the inbox filter in the address', () => {
  it('reads every valid field and drops an invalid one on its own', () => {
    const params = new URLSearchParams(
      'survey=s1&rating=low&contact=yes&state=bogus&from=2026-11-01&to=1-1-2026&q=slow',
    );
    expect(filterFromParams(params)).toEqual({ rating: 'low', contact: 'yes', from: '2026-11-01', q: 'slow' });
  });

  it('sets and clears fields, keeping the survey', () => {
    const params = withFilter(new URLSearchParams('survey=s1'), 'rating', 'mid');
    expect(params.toString()).toBe('survey=s1&rating=mid');
    expect(withFilter(params, 'rating', '').toString()).toBe('survey=s1');
    expect(withoutFilters(withFilter(params, 'q', 'a b')).toString()).toBe('survey=s1');
    expect(hasFilter({})).toBe(false);
    expect(hasFilter({ state: 'new' })).toBe(true);
  });
});

describe('the reply link', () => {
  it('encodes the address so it cannot add recipients, and carries subject and greeting', () => {
    const href = replyMailto('a&cc=evil@x.com?b@example.com', 'Your feedback', 'Hi Ann,\n\n');
    expect(href).toBe('mailto:a%26cc%3Devil%40x.com%3Fb@example.com?subject=Your%20feedback&body=Hi%20Ann%2C%0A%0A');
  });
});

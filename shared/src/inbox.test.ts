import { describe, expect, it } from 'vitest';
import { inboxFilterSchema, matchesInboxFilter, type InboxFilterable } from './inbox';

const base: InboxFilterable = {
  rating: 1,
  comment: null,
  customerName: 'Ann',
  customerEmail: null,
  state: 'new',
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('matchesInboxFilter', () => {
  it('passes everything without a filter', () => {
    expect(matchesInboxFilter(base, {})).toBe(true);
  });

  it('narrows by band, comment, contact and state', () => {
    expect(matchesInboxFilter(base, { rating: 'low', contact: 'yes' })).toBe(true);
    expect(matchesInboxFilter(base, { rating: 'mid' })).toBe(false);
    expect(matchesInboxFilter(base, { comment: 'yes' })).toBe(false);
    expect(matchesInboxFilter(base, { comment: 'no' })).toBe(true);
    expect(matchesInboxFilter({ ...base, customerName: null }, { contact: 'yes' })).toBe(false);
    expect(matchesInboxFilter(base, { state: 'handled' })).toBe(false);
  });

  it('takes the date range as inclusive days', () => {
    expect(matchesInboxFilter(base, { from: '2026-11-20', to: '2026-11-20' })).toBe(true);
    expect(matchesInboxFilter(base, { from: '2026-11-21' })).toBe(false);
    expect(matchesInboxFilter(base, { to: '2026-11-19' })).toBe(false);
  });

  it('finds every searched word in the comment, whatever the case', () => {
    const item = { ...base, comment: 'The Coffee was cold' };
    expect(matchesInboxFilter(item, { q: 'cold coffee' })).toBe(true);
    expect(matchesInboxFilter(item, { q: 'cold tea' })).toBe(false);
  });
});

describe('inboxFilterSchema', () => {
  it('refuses values the URL must not carry', () => {
    expect(inboxFilterSchema.safeParse({ rating: 'bad' }).success).toBe(false);
    expect(inboxFilterSchema.safeParse({ from: '20-11-2026' }).success).toBe(false);
    expect(inboxFilterSchema.safeParse({ q: 'x'.repeat(101) }).success).toBe(false);
  });
});

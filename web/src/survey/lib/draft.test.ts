import { beforeEach, describe, expect, it } from 'vitest';
import { draftKey, emptyDraft, hasContent, loadDraft, newIdempotencyKey, removeDraft, saveDraft } from './draft';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('survey draft', () => {
  beforeEach(() => localStorage.clear());

  it('saves per survey code, restores field by field and is removed after submit', () => {
    const draft = { ...emptyDraft(), rating: 4, comment: 'Nice', customerName: 'Ann', customerEmail: 'a@b.nl' };
    expect(saveDraft('abcd2345', draft)).toBe(true);
    expect(JSON.parse(localStorage.getItem(draftKey('abcd2345'))!)).toEqual(draft);
    expect(loadDraft('abcd2345')).toEqual(draft);
    expect(loadDraft('other234')).toBeUndefined();
    removeDraft('abcd2345');
    expect(loadDraft('abcd2345')).toBeUndefined();
    expect(localStorage.getItem(draftKey('abcd2345'))).toBeNull();
  });

  it('keeps the idempotency key across saves and reloads', () => {
    const draft = emptyDraft();
    expect(draft.idempotencyKey).toMatch(uuid);
    saveDraft('abcd2345', { ...draft, rating: 5 });
    expect(loadDraft('abcd2345')?.idempotencyKey).toBe(draft.idempotencyKey);
  });

  it('repairs malformed drafts instead of failing', () => {
    localStorage.setItem(draftKey('abcd2345'), '{"rating":9,"comment":3,"idempotencyKey":"nope"}');
    const draft = loadDraft('abcd2345')!;
    expect(draft).toMatchObject({ rating: null, comment: '', customerName: '', customerEmail: '' });
    expect(draft.idempotencyKey).toMatch(uuid);
    localStorage.setItem(draftKey('abcd2345'), 'not json');
    expect(loadDraft('abcd2345')).toBeUndefined();
  });

  it('makes v4 UUIDs and knows an empty draft', () => {
    expect(newIdempotencyKey()).toMatch(uuid);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
    expect(hasContent(emptyDraft())).toBe(false);
    expect(hasContent({ ...emptyDraft(), comment: 'x' })).toBe(true);
  });
});

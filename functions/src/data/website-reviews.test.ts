import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { widgetCommentsShown, type WidgetComment } from '@reviewroute/shared';
import { noWebsiteReviews, websiteReviewChangeOf, withHidden, withShown } from './website-reviews';

const image = (fields: Record<string, string | number>) =>
  Object.fromEntries(
    Object.entries({ __edb_e__: 'response', surveyId: 's1', responseId: 'r1', ...fields }).map(([k, v]) => [
      k,
      typeof v === 'number' ? { N: String(v) } : { S: v },
    ]),
  );

const record = (eventName: 'INSERT' | 'MODIFY', next: Record<string, string | number>, old?: typeof next) =>
  ({
    eventName,
    dynamodb: { NewImage: image(next), ...(old ? { OldImage: image(old) } : {}) },
  }) as unknown as DynamoDBRecord;

const comment = (id: string, createdAt: string, rating = 5): WidgetComment => ({
  id,
  rating,
  comment: `Comment ${id}`,
  shownAs: 'Anna',
  createdAt,
  invitation: 'email-request',
});

describe('website review changes from the stream', () => {
  const consented = {
    rating: 1,
    comment: ' Cold coffee ',
    consentShownAs: 'A.d.V.',
    createdAt: '2026-11-29T10:00:00Z',
  };

  it('shows a consented comment created, with its evidence, and nothing else', () => {
    expect(websiteReviewChangeOf(record('INSERT', { ...consented, invitation: 'booking-system' }))).toEqual({
      kind: 'shown',
      surveyId: 's1',
      comment: {
        id: 'r1',
        rating: 1,
        comment: 'Cold coffee',
        shownAs: 'A.d.V.',
        createdAt: '2026-11-29T10:00:00Z',
        invitation: 'booking-system',
      },
    });
    // Without consent, or without a comment: nothing to show.
    expect(websiteReviewChangeOf(record('INSERT', { rating: 4, comment: 'Nice' }))).toBeUndefined();
    expect(websiteReviewChangeOf(record('INSERT', { rating: 4, consentShownAs: 'Bo' }))).toBeUndefined();
  });

  it('takes a hide once, when the reason first appears', () => {
    const hidden = { ...consented, hiddenReason: 'offensive' };
    expect(websiteReviewChangeOf(record('MODIFY', hidden, consented))).toEqual({
      kind: 'hidden',
      surveyId: 's1',
      responseId: 'r1',
      reason: 'offensive',
    });
    // Another change of a hidden response (the inbox state) is no second hide.
    expect(websiteReviewChangeOf(record('MODIFY', { ...hidden, inboxState: 'handled' }, hidden))).toBeUndefined();
  });
});

describe('the widget item', () => {
  it('keeps the newest consented comments, newest first, each once', () => {
    let state = noWebsiteReviews();
    for (let i = 0; i < widgetCommentsShown + 2; i++)
      state = withShown(state, comment(`r${i}`, `2026-11-${String(10 + i).padStart(2, '0')}T10:00:00Z`)) ?? state;
    expect(state.comments).toHaveLength(widgetCommentsShown);
    expect(state.comments[0]!.id).toBe(`r${widgetCommentsShown + 1}`);
    expect(withShown(state, comment('r11', '2026-11-21T10:00:00Z'))).toBeUndefined();
    // Older than every comment of a full list: not shown, nothing written.
    expect(withShown(state, comment('old', '2026-01-01T10:00:00Z'))).toBeUndefined();
  });

  it('takes a hidden comment out, fills its place from older consented ones and counts the reason', () => {
    const state = { ...noWebsiteReviews(), comments: [comment('b', '2026-11-02'), comment('a', '2026-11-01')] };
    const next = withHidden(state, 'b', 'personal-data', true, [
      comment('b', '2026-11-02'),
      comment('z', '2026-10-01'),
    ]);
    expect(next.comments.map((c) => c.id)).toEqual(['a', 'z']);
    expect(next.hidden).toEqual({ 'personal-data': 1, offensive: 0, 'not-about-business': 0 });
    // Counted before: only the list changes.
    expect(withHidden(next, 'a', 'offensive', false).hidden['offensive']).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { composeReviewRequest, type ReviewRequestMailInput } from './request-mail';

const input: ReviewRequestMailInput = {
  fromAddress: 'requests@mail.reviewroute.example',
  siteOrigin: 'https://reviewroute.example',
  survey: {
    businessName: 'Bakkerij Lijst',
    supportEmail: 'anna@lijst.example',
    landingPageUrl: 'https://reviewroute.example/nl/surveys/abc123/bakkerij-lijst',
  },
  template: null,
  recipient: { name: 'Piet Klant', email: 'piet@klant.example', language: 'nl' },
  token: 'tok_en-1',
  unsubscribeToken: 'unsub-1',
  ownerId: 'owner-1',
};
const link = 'https://reviewroute.example/nl/surveys/abc123/bakkerij-lijst?r=tok_en-1';

/** The one-tap stars of a mail's HTML part: each link's address and its screen-reader name, in order. */
const starsOf = (html: string) =>
  [...html.matchAll(/<a href="([^"]+)" aria-label="([^"]+)" title="\2"/g)].map(([, href, label]) => ({
    href: href!.replace(/&amp;/g, '&'),
    label,
  }));

describe('the review-request mail', () => {
  it('carries five one-tap stars, each the personal link with its rating chosen, named in the customer’s language', () => {
    const mail = composeReviewRequest(input);
    expect(starsOf(mail.html)).toEqual(
      [1, 2, 3, 4, 5].map((rating) => ({
        href: `${link}&rating=${rating}`,
        label: `Geef ${rating} van de 5 sterren`,
      })),
    );
    expect(mail.html).toContain('Beoordeel met één tik:');
    // Then the button to the same link without a rating, and in the text part that link with its label.
    expect(mail.html).toMatch(
      new RegExp(`<a href="${link.replace(/[.?]/g, '\\$&')}" style="[^"]*">Geef je feedback</a>`),
    );
    expect(mail.text).toContain(`Geef je feedback: ${link}\n`);
  });

  it('names the stars in English for an English customer, and the reminder carries them too', () => {
    const mail = composeReviewRequest({
      ...input,
      recipient: { ...input.recipient, language: 'en' },
      reminder: true,
    });
    expect(mail.subject).toBe('A quick reminder: how was your experience with Bakkerij Lijst?');
    expect(starsOf(mail.html).map((star) => star.label)).toEqual([1, 2, 3, 4, 5].map((n) => `Rate ${n} out of 5`));
    expect(starsOf(mail.html)[3]!.href).toBe(`${link}&rating=4`);
    expect(mail.text).toContain(`Give your feedback: ${link}\n`);
  });

  it('tags the mail with its owner and, given the recipient record, its request (SES’s events name it back)', () => {
    expect(composeReviewRequest(input).tags).toEqual({ mail: 'review-request', owner: 'owner-1' });
    const recipient = { ...input.recipient, batchId: 'batch-1', id: '00004' };
    expect(composeReviewRequest({ ...input, recipient }).tags).toEqual({
      mail: 'review-request',
      owner: 'owner-1',
      batch: 'batch-1',
      recipient: '00004',
    });
  });
});

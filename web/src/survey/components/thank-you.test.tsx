import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pathOf, type PublicSurvey } from '@reviewroute/shared';
import { contactFollowUpDefaults, surveyPalette } from '@reviewroute/shared/domain';
import { createTranslator, I18nContext } from '../lib/i18n';
import { apiCalls, apiHandler, serveApi } from '@testing/api';
import { samplePublicSurvey } from '@testing/fixtures';
import { ThankYou } from './thank-you';

const base = samplePublicSurvey({
  businessName: 'Joe',
  lowRatingMessage: 'Sorry to hear that.',
  midRatingMessage: 'Thanks for sharing.',
  highRatingMessage: 'Wonderful!',
  googleReviewPrompt: 'Review us on Google?',
  highRatingPhotoUrl: '/files/team.jpg',
});

function show(rating: number, survey: Partial<PublicSurvey> = {}, comment = 'Great pizza', leftContact = false) {
  const full = { ...base, ...survey };
  render(
    <I18nContext value={{ language: 'en', t: createTranslator('en') }}>
      <ThankYou
        survey={full}
        palette={surveyPalette(full.customColors)}
        submitted={{ rating, comment, leftContact, result: { responseId: 'resp-1', clickToken: 'tok-1' } }}
      />
    </I18nContext>,
  );
}

const reviewButton = () => screen.queryByRole('button', { name: /Leave a review on Google/ });

describe('thank-you screen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each([
    [1, 'low', 'Sorry to hear that.'],
    [2, 'low', 'Sorry to hear that.'],
    [3, 'mid', 'Thanks for sharing.'],
    [4, 'mid', 'Thanks for sharing.'],
    [5, 'high', 'Wonderful!'],
  ])('rating %i shows the %s message', (rating, band, message) => {
    show(rating);
    expect(screen.getByTestId(`thank-you-${band}`)).toBeTruthy();
    expect(screen.getByTestId('band-message').textContent).toBe(message);
    expect(reviewButton() !== null).toBe(rating === 5);
  });

  it('shows prompt, team photo, review and copy buttons in every band when the switch is on', () => {
    for (const rating of [1, 3, 5]) {
      show(rating, { offerPublicReviewToEveryone: true });
      expect(reviewButton()).toBeTruthy();
      expect(screen.getByText('Review us on Google?')).toBeTruthy();
      expect(screen.getByRole('img', { name: 'The team of Joe' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Copy your comment' })).toBeTruthy();
      cleanup();
    }
  });

  it('opens the review page in the click and records the click with the token', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    serveApi(apiHandler('record-review-click', () => new HttpResponse(null, { status: 204 })));
    show(5);
    fireEvent.click(reviewButton()!);
    expect(open).toHaveBeenCalledWith(base.googleBusinessUrl, '_blank', 'noopener');
    await waitFor(() =>
      expect(apiCalls()).toEqual([
        {
          route: 'record-review-click',
          method: 'POST',
          path: pathOf('record-review-click', { surveyCode: base.surveyCode, responseId: 'resp-1' }),
          body: { token: 'tok-1' },
        },
      ]),
    );
  });

  it('offers copying the comment as the step before the Google button', () => {
    show(5);
    const copy = screen.getByRole('button', { name: 'Copy your comment' });
    const google = reviewButton()!;
    expect(copy.compareDocumentPosition(google) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('copy-step').textContent).toContain('1. Copy your comment');
    expect(screen.getByTestId('google-step').textContent).toContain('2. Paste it into your review on Google.');
  });

  it('copies the comment, and says so in place when the clipboard refuses, showing the comment to select', async () => {
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    show(5);
    fireEvent.click(screen.getByRole('button', { name: 'Copy your comment' }));
    expect(await screen.findByText('Comment copied to the clipboard')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('Great pizza');
    expect(screen.queryByTestId('comment-text')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Copy your comment' }));
    expect(await screen.findByText(/Unable to copy to clipboard/)).toBeTruthy();
    expect(screen.getByTestId('comment-text').textContent).toBe('Great pizza');
  });

  it('tells a low-rating customer who left an e-mail that the business may get in touch', () => {
    show(2, { contactFollowUpMessage: 'We will call you.' }, '', true);
    expect(screen.getByTestId('contact-follow-up').textContent).toBe('We will call you.');
    cleanup();
    show(2, { contactFollowUpMessage: 'We will call you.' }, '', false);
    expect(screen.queryByTestId('contact-follow-up')).toBeNull();
    cleanup();
    // A survey stored before the text existed reads it empty: its language's default stands in.
    show(1, { contactFollowUpMessage: '', language: 'nl' }, '', true);
    expect(screen.getByTestId('contact-follow-up').textContent).toBe(contactFollowUpDefaults.nl);
    cleanup();
    show(4, { contactFollowUpMessage: 'We will call you.' }, '', true);
    expect(screen.queryByTestId('contact-follow-up')).toBeNull();
  });

  it('has no copy button without a comment', () => {
    show(5, {}, '');
    expect(reviewButton()).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy your comment' })).toBeNull();
  });
});

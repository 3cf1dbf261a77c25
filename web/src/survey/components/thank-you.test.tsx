import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pathOf, type PublicSurvey } from '@reviewroute/shared';
import { surveyPalette } from '@reviewroute/shared/domain';
import { createTranslator, I18nContext } from '../lib/i18n';
import { apiCalls, apiHandler, serveApi } from '@/testing/api';
import { samplePublicSurvey } from '@/testing/fixtures';
import { ThankYou } from './thank-you';

const base = samplePublicSurvey({
  businessName: 'Joe',
  lowRatingMessage: 'Sorry to hear that.',
  midRatingMessage: 'Thanks for sharing.',
  highRatingMessage: 'Wonderful!',
  googleReviewPrompt: 'Review us on Google?',
  highRatingPhotoUrl: '/files/team.jpg',
});

function show(rating: number, survey: Partial<PublicSurvey> = {}, comment = 'Great pizza') {
  const toast = vi.fn();
  const full = { ...base, ...survey };
  render(
    <I18nContext value={{ language: 'en', t: createTranslator('en') }}>
      <ThankYou
        survey={full}
        palette={surveyPalette(full.customColors)}
        submitted={{ rating, comment, result: { responseId: 'resp-1', clickToken: 'tok-1' } }}
        toast={toast}
      />
    </I18nContext>,
  );
  return { toast };
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

  it('copies the comment, and says so when the clipboard refuses', async () => {
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { toast } = show(5);
    fireEvent.click(screen.getByRole('button', { name: 'Copy your comment' }));
    expect(await screen.findByText('Comment copied to the clipboard')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('Great pizza');
    fireEvent.click(screen.getByRole('button', { name: 'Copy your comment' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        variant: 'error',
        title: 'Copy failed',
        description: 'Unable to copy to clipboard',
      }),
    );
  });

  it('has no copy button without a comment', () => {
    show(5, {}, '');
    expect(reviewButton()).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy your comment' })).toBeNull();
  });
});

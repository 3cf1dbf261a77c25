import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SurveyLanguage } from '../lib/path';
import { createTranslator, I18nContext } from '../lib/i18n';
import { apiCalls, apiHandler, serveApi } from '@testing/api';
import { samplePublicSurvey } from '@testing/fixtures';
import { SurveyPage, SurveySkeleton } from './survey-page';

/**
 * The whole page against msw: a crowd's 429 is waited out and retried once by itself. The waits are the
 * page's own (the least fill time, then Retry-After: 1 s), so each case takes a few seconds.
 */
// The survey's language decides the page's, so each case's survey speaks the language under test.
const surveyIn = (language: SurveyLanguage) =>
  samplePublicSurvey({ businessName: 'Joe', customPrompt: 'How was it?', language });
const rateLimited = () =>
  HttpResponse.json(
    { error: { code: 'RATE_LIMITED', message: 'Too many requests.' } },
    { status: 429, headers: { 'retry-after': '1' } },
  );

async function submitFiveStars(language: SurveyLanguage) {
  await act(async () =>
    render(
      <I18nContext value={{ language, t: createTranslator(language) }}>
        <Suspense fallback={<SurveySkeleton />}>
          <SurveyPage survey={Promise.resolve(surveyIn(language))} />
        </Suspense>
      </I18nContext>,
    ),
  );
  const t = createTranslator(language);
  fireEvent.click(await screen.findByLabelText(t('rating.star', { count: 5 })));
  fireEvent.click(screen.getByRole('button', { name: t('submit') }));
  return t;
}

describe('survey page under a rate limit', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it.each(['en', 'nl'] as const)(
    '%s: shows that it is busy, retries once after Retry-After and ends on the thank-you screen',
    async (language) => {
      let submits = 0;
      serveApi(
        apiHandler('start-response', () => HttpResponse.json({ startToken: 'tok' }, { status: 201 })),
        apiHandler('submit-response', () =>
          submits++ === 0 ? rateLimited() : HttpResponse.json({ responseId: 'r1', clickToken: 'c1' }, { status: 201 }),
        ),
      );
      const t = await submitFiveStars(language);
      expect(await screen.findByText(t('busyRetrying'), {}, { timeout: 5000 })).toBeTruthy();
      expect(await screen.findByRole('heading', { name: t('thankYou.title') }, { timeout: 5000 })).toBeTruthy();
      const bodies = apiCalls()
        .filter((call) => call.route === 'submit-response')
        .map((call) => call.body);
      expect(bodies).toHaveLength(2);
      expect(bodies[1]).toEqual(bodies[0]);
    },
    15_000,
  );

  it('shows the spec’s submit error after a second 429 and keeps the form', async () => {
    serveApi(
      apiHandler('start-response', () => HttpResponse.json({ startToken: 'tok' }, { status: 201 })),
      apiHandler('submit-response', rateLimited),
    );
    await submitFiveStars('en');
    expect(await screen.findByText('Failed to submit feedback. Please try again.', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(apiCalls().filter((call) => call.route === 'submit-response')).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'Thank you!' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit feedback' })).toHaveProperty('disabled', false);
    expect(screen.queryByText('Busy right now: trying again in a moment…')).toBeNull();
  }, 15_000);
});

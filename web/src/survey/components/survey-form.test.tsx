import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubmitResponseInput } from '@reviewroute/shared';
import type { submitResponse } from '../lib/api';
import { surveyPalette } from '@reviewroute/shared/domain';
import { draftKey, loadDraft, saveDraft, emptyDraft } from '../lib/draft';
import { createTranslator, I18nContext } from '../lib/i18n';
import { apiHandler, serveApi } from '@testing/api';
import { samplePublicSurvey } from '@testing/fixtures';
import { SurveyForm } from './survey-form';

const survey = samplePublicSurvey({
  customPrompt: 'How was it?',
  collectContactOnLowRating: true,
  customColors: { primaryColor: '#c2410c', backgroundColor: '#ffffff' },
});

function setup(submit = vi.fn<typeof submitResponse>().mockResolvedValue({ responseId: 'r', clickToken: 't' })) {
  const toast = vi.fn();
  const onSubmitted = vi.fn();
  render(
    <I18nContext value={{ language: 'en', t: createTranslator('en') }}>
      <SurveyForm
        survey={survey}
        palette={surveyPalette(survey.customColors)}
        toast={toast}
        onSubmitted={onSubmitted}
        submit={submit}
        minElapsedMs={0}
      />
    </I18nContext>,
  );
  return { submit, toast, onSubmitted };
}

const step = () => screen.getByTestId('step-indicator').textContent;
const comment = () => screen.getByLabelText('Your comment (optional)');
const submitButton = () => screen.getByRole('button', { name: 'Submit feedback' });

describe('survey form', () => {
  beforeEach(() => {
    localStorage.clear();
    // The first change asks for a start token; these tests submit through a fake, so no token comes back.
    serveApi(apiHandler('start-response', () => HttpResponse.error()));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('moves the step indicator 1 -> 2 -> 3 and enables submit only with a rating', () => {
    setup();
    expect(step()).toContain('Step 1 of 3');
    expect(submitButton()).toHaveProperty('disabled', true);
    expect(screen.getByText('Please select a rating')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('4 stars'));
    expect(step()).toContain('Step 2 of 3');
    expect(submitButton()).toHaveProperty('disabled', false);
    expect(screen.queryByText('Please select a rating')).toBeNull();
    fireEvent.change(comment(), { target: { value: 'Lovely' } });
    expect(step()).toContain('Step 3 of 3');
    fireEvent.change(comment(), { target: { value: '' } });
    expect(step()).toContain('Step 3 of 3');
  });

  it('counts characters live and shows the 500 rule when over, without submitting', async () => {
    const { submit } = setup();
    fireEvent.click(screen.getByLabelText('3 stars'));
    fireEvent.change(comment(), { target: { value: 'a'.repeat(500) } });
    expect(screen.getByTestId('comment-counter').textContent).toContain('500/500');
    expect(screen.queryByText('Comment must be less than 500 characters')).toBeNull();
    fireEvent.change(comment(), { target: { value: 'a'.repeat(501) } });
    expect(screen.getByTestId('comment-counter').textContent).toContain('501/500');
    expect(screen.getByText('Comment must be less than 500 characters')).toBeTruthy();
    expect(comment().getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(submitButton());
    await act(() => Promise.resolve());
    expect(submit).not.toHaveBeenCalled();
  });

  it('saves the draft on every change with a 2 s hint, and shows contact fields for low ratings only', () => {
    vi.useFakeTimers();
    setup();
    fireEvent.click(screen.getByLabelText('2 stars'));
    expect(screen.getByTestId('draft-hint').textContent).toBe('Draft saved automatically');
    // Asked for contact details, the customer is told what they are for, with the privacy policy a tap away.
    expect(screen.getByTestId('privacy-note').textContent).toBe(
      `${survey.businessName} only uses your details to reply to your feedback. Privacy policy (opens in a new tab)`,
    );
    expect(screen.getByRole('link', { name: /Privacy policy/ }).getAttribute('href')).toBe('/privacy');
    fireEvent.change(screen.getByLabelText('Your name (optional)'), { target: { value: 'Ann' } });
    fireEvent.change(screen.getByLabelText('Your email (optional)'), { target: { value: 'ann@example.nl' } });
    fireEvent.change(comment(), { target: { value: 'Cold food' } });
    expect(loadDraft('abcd2345')).toMatchObject({
      rating: 2,
      comment: 'Cold food',
      customerName: 'Ann',
      customerEmail: 'ann@example.nl',
    });
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByTestId('draft-hint').textContent).toBe('Draft saved automatically');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('draft-hint').textContent).toBe('');
    fireEvent.click(screen.getByLabelText('3 stars'));
    expect(screen.queryByTestId('contact-fields')).toBeNull();
    expect(screen.queryByTestId('privacy-note')).toBeNull();
  });

  it('restores the draft and submits it with its idempotency key, then removes it', async () => {
    const draft = { ...emptyDraft(), rating: 1, comment: 'Slow', customerName: 'Bo', customerEmail: 'bo@example.nl' };
    saveDraft('abcd2345', draft);
    const { submit, onSubmitted, toast } = setup();
    expect((screen.getByLabelText('1 star') as HTMLInputElement).checked).toBe(true);
    expect(comment()).toHaveProperty('value', 'Slow');
    expect(step()).toContain('Step 3 of 3');
    fireEvent.click(submitButton());
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    const body = submit.mock.calls[0]![1] as SubmitResponseInput;
    expect(body).toMatchObject({
      rating: 1,
      comment: 'Slow',
      customerName: 'Bo',
      customerEmail: 'bo@example.nl',
      idempotencyKey: draft.idempotencyKey,
      website: '',
    });
    expect(body.elapsedMs).toBeGreaterThanOrEqual(0);
    expect(localStorage.getItem(draftKey('abcd2345'))).toBeNull();
    // The thank-you screen says it; no toast on top of it. It learns that contact details were left.
    expect(toast).not.toHaveBeenCalled();
    expect(onSubmitted).toHaveBeenCalledWith(
      expect.objectContaining({ rating: 1, comment: 'Slow', leftContact: true }),
    );
  });

  it('opens with the rating a mail’s star chose (?rating=4), over a saved draft’s, and sends nothing until submit', async () => {
    saveDraft('abcd2345', { ...emptyDraft(), rating: 1, comment: 'Slow' });
    window.history.replaceState(null, '', '/surveys/abcd2345/bakery?r=tok-1&rating=4');
    try {
      const { submit, onSubmitted } = setup();
      expect((screen.getByLabelText('4 stars') as HTMLInputElement).checked).toBe(true);
      expect(comment()).toHaveProperty('value', 'Slow');
      expect(submitButton()).toHaveProperty('disabled', false);
      expect(submit).not.toHaveBeenCalled();
      fireEvent.click(submitButton());
      await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
      expect(submit.mock.calls[0]![1]).toMatchObject({ rating: 4, comment: 'Slow', requestToken: 'tok-1' });
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it.each(['0', '6', '4.5', 'x'])('ignores a chosen rating that is none (?rating=%s)', (rating) => {
    window.history.replaceState(null, '', `/surveys/abcd2345/bakery?rating=${rating}`);
    try {
      setup();
      expect(screen.queryByRole('radio', { checked: true })).toBeNull();
      expect(step()).toContain('Step 1 of 3');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('keeps the draft and its key after a failed submit, so the retry carries the same key', async () => {
    const submit = vi
      .fn<typeof submitResponse>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ responseId: 'r', clickToken: 't' });
    const { toast, onSubmitted } = setup(submit);
    fireEvent.click(screen.getByLabelText('5 stars'));
    fireEvent.click(submitButton());
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ variant: 'error', description: 'Failed to submit feedback. Please try again.' }),
      ),
    );
    expect(loadDraft('abcd2345')?.rating).toBe(5);
    await waitFor(() => expect(submitButton()).toHaveProperty('disabled', false));
    fireEvent.click(submitButton());
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    const [first, second] = submit.mock.calls.map((call) => (call[1] as SubmitResponseInput).idempotencyKey);
    expect(second).toBe(first);
  });

  it('drops contact details the survey does not ask for and refuses an invalid e-mail', async () => {
    const { submit, onSubmitted } = setup();
    fireEvent.click(screen.getByLabelText('1 star'));
    fireEvent.change(screen.getByLabelText('Your email (optional)'), { target: { value: 'not-an-email' } });
    fireEvent.click(submitButton());
    expect(await screen.findByText('Valid email is required')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText('4 stars'));
    fireEvent.click(submitButton());
    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect(submit.mock.calls[0]![1]).not.toHaveProperty('customerEmail');
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(expect.objectContaining({ leftContact: false })));
  });
});

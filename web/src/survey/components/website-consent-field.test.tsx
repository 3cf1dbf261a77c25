import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { surveyPalette } from '@reviewroute/shared/domain';
import { apiCalls, apiHandler, serveApi } from '@testing/api';
import { samplePublicSurvey } from '@testing/fixtures';
import { loadDraft } from '../lib/draft';
import { createTranslator, I18nContext } from '../lib/i18n';
import type { SurveyLanguage } from '../lib/path';
import { SurveyForm } from './survey-form';

const survey = samplePublicSurvey({
  businessName: 'Bistro Zoë',
  customPrompt: 'How was it?',
  collectContactOnLowRating: true,
  customColors: { primaryColor: '#c2410c', backgroundColor: '#ffffff' },
});

/** The form with the page's own submit, over msw: what reaches the API is what the test reads. */
function setup(language: SurveyLanguage = 'en') {
  const onSubmitted = vi.fn();
  render(
    <I18nContext value={{ language, t: createTranslator(language) }}>
      <SurveyForm
        survey={survey}
        palette={surveyPalette(survey.customColors)}
        toast={vi.fn()}
        onSubmitted={onSubmitted}
        minElapsedMs={0}
      />
    </I18nContext>,
  );
  return { onSubmitted };
}

const submitted = () => apiCalls().find((c) => c.route === 'submit-response')?.body;
const consentBox = () =>
  screen.getByRole('checkbox', { name: 'Show my rating and comment on the website of Bistro Zoë' });

describe('the website consent on the survey page', () => {
  beforeEach(() => {
    localStorage.clear();
    serveApi(
      // No start token: the page then sends at once instead of waiting out the least fill time.
      apiHandler('start-response', () => HttpResponse.error()),
      apiHandler('submit-response', () => HttpResponse.json({ responseId: 'r', clickToken: 'c' }, { status: 201 })),
    );
  });
  afterEach(cleanup);

  it('appears after a rating, unticked, and sends nothing about the website unless ticked', async () => {
    const { onSubmitted } = setup();
    expect(screen.queryByTestId('website-consent')).toBeNull();
    fireEvent.click(screen.getByLabelText('5 stars'));
    expect(consentBox()).toHaveProperty('checked', false);
    expect(screen.queryByRole('radio', { name: 'Initials' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit feedback' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(submitted()).not.toHaveProperty('websiteConsent');
  });

  it('ticked, asks first name or initials and a name, shows how it will read, and sends the choice', async () => {
    const { onSubmitted } = setup();
    fireEvent.click(screen.getByLabelText('4 stars'));
    fireEvent.click(consentBox());
    expect(screen.getByRole('radio', { name: 'First name' })).toHaveProperty('checked', true);
    // Ticked without a name: the form says so at the field and sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Submit feedback' }));
    expect(await screen.findByText('Type the name your review may be shown with')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Your name'));
    expect(submitted()).toBeUndefined();

    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'Anna de Vries' } });
    expect(screen.getByTestId('website-shown-as').textContent).toBe('Shown as: Anna');
    fireEvent.click(screen.getByRole('radio', { name: 'Initials' }));
    expect(screen.getByTestId('website-shown-as').textContent).toBe('Shown as: A.d.V.');
    // The choice is part of the draft, so a reload keeps it.
    expect(loadDraft(survey.surveyCode)).toMatchObject({ showOnWebsite: true, websiteNameStyle: 'initials' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit feedback' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(submitted()).toMatchObject({ rating: 4, websiteConsent: { nameStyle: 'initials', name: 'Anna de Vries' } });
  });

  it('uses the name typed in the contact fields instead of asking again, in Dutch', async () => {
    const { onSubmitted } = setup('nl');
    fireEvent.click(screen.getByLabelText('1 ster'));
    fireEvent.change(screen.getByLabelText('Je naam (optioneel)'), { target: { value: 'Piet Jansen' } });
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'Toon mijn beoordeling en opmerking op de website van Bistro Zoë' }),
    );
    expect(screen.queryByLabelText('Je naam')).toBeNull();
    expect(screen.getByTestId('website-shown-as').textContent).toBe('Getoond als: Piet');
    fireEvent.click(screen.getByRole('radio', { name: 'Initialen' }));
    expect(screen.getByTestId('website-shown-as').textContent).toBe('Getoond als: P.J.');
    fireEvent.click(screen.getByRole('button', { name: 'Feedback versturen' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(submitted()).toMatchObject({
      customerName: 'Piet Jansen',
      websiteConsent: { nameStyle: 'initials', name: 'Piet Jansen' },
    });
  });
});

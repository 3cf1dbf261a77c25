import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { surveyDraftStore } from '@/lib/survey-draft';
import { renderWithApp } from '@testing/render';
import { LandingPreview } from './landing-preview';

afterEach(() => {
  surveyDraftStore.clear();
});

describe('LandingPreview', () => {
  it('ends with the public page footer: the business, the privacy policy in the language, who runs the page', async () => {
    surveyDraftStore.update({ surveyId: 's1', businessName: 'Bakery' });
    renderWithApp(<LandingPreview />, { path: '/nl/landing-page-preview' });
    const footer = within(await screen.findByTestId('landing-preview')).getByTestId('survey-footer');
    expect(within(footer).getByText('Bakery')).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'Privacybeleid' }).getAttribute('href')).toBe('/nl/privacy');
    expect(within(footer).getByText('Mogelijk gemaakt door ReviewRoute')).toBeTruthy();
  });

  it('leaves the business out of the footer until it has a name', async () => {
    surveyDraftStore.update({ surveyId: 's1', businessName: '' });
    renderWithApp(<LandingPreview />, { path: '/landing-page-preview' });
    const footer = within(await screen.findByTestId('landing-preview')).getByTestId('survey-footer');
    expect(footer.textContent).toBe('PrivacyPowered by ReviewRoute');
  });
});

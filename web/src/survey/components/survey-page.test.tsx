import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicSurvey } from '@reviewroute/shared';
import { createTranslator, I18nContext } from '../lib/i18n';
import { samplePublicSurvey } from '@testing/fixtures';
import { SurveyPage, SurveySkeleton } from './survey-page';

const survey = samplePublicSurvey({
  businessName: 'Joe',
  businessLogoUrl: '/files/logo.png',
  customPrompt: 'Hoe was het?',
  language: 'nl',
  customColors: { primaryColor: '#c2410c', backgroundColor: '#111827' },
});

function renderPage(request: Promise<PublicSurvey | null>) {
  render(
    <I18nContext value={{ language: 'nl', t: createTranslator('nl') }}>
      <Suspense fallback={<SurveySkeleton />}>
        <SurveyPage survey={request} />
      </Suspense>
    </I18nContext>,
  );
}

describe('survey page', () => {
  afterEach(cleanup);

  it('shows the skeleton while loading, then the survey in its colours with readable text', async () => {
    let resolve!: (value: PublicSurvey) => void;
    const request = new Promise<PublicSurvey>((r) => (resolve = r));
    await act(async () => renderPage(request));
    expect(screen.getByRole('status').textContent).toBe('De enquête wordt geladen…');
    await act(async () => resolve(survey));
    expect(await screen.findByRole('heading', { level: 1, name: 'Joe' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Logo van Joe' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Hoe was het?' })).toBeTruthy();
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      '1 ster',
      '2 sterren',
      '3 sterren',
      '4 sterren',
      '5 sterren',
    ]);
    const page = screen.getByTestId('survey-page');
    // Dark background: white text.
    expect(page.style.color).toMatch(/^(#ffffff|rgb\(255, 255, 255\))$/);
    expect(document.title).toBe('Joe: deel je feedback');
  });

  it("ends with a footer in the link's language: the business, the privacy policy, the reviews' rules and who runs the page", async () => {
    await act(async () => renderPage(Promise.resolve(survey)));
    const footer = await screen.findByRole('contentinfo', { name: 'Over deze pagina' });
    expect(footer.textContent).toBe('Joe·PrivacybeleidZo werken de reviews hierMogelijk gemaakt door ReviewRoute');
    expect(screen.getByRole('link', { name: 'Privacybeleid' }).getAttribute('href')).toBe('/nl/privacy');
    expect(screen.getByRole('link', { name: 'Zo werken de reviews hier' }).getAttribute('href')).toBe(
      `/nl/surveys/${survey.surveyCode}/${survey.businessSlug}/over-reviews`,
    );
  });

  it('speaks the survey’s language under a link with the other prefix, and replaces that link by its own', async () => {
    window.history.pushState(null, '', '/nl/surveys/abcd2345/bakery?src=qr#top');
    const length = window.history.length;
    await act(async () => renderPage(Promise.resolve({ ...survey, language: 'en' })));
    expect(await screen.findByRole('group', { name: 'Hoe was het?' })).toBeTruthy();
    expect(screen.getByText('Submit feedback')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(`${location.pathname}${location.search}${location.hash}`).toBe('/surveys/abcd2345/bakery?src=qr#top');
    // Replaced, not pushed: Back leaves the page instead of returning to the wrong link.
    expect(window.history.length).toBe(length);
  });

  it('shows Survey not found when the survey cannot be loaded', async () => {
    await act(async () => renderPage(Promise.resolve(null)));
    expect(await screen.findByRole('heading', { name: 'Enquête niet gevonden' })).toBeTruthy();
    expect(screen.getByText('De enquête die je zoekt bestaat niet of is niet meer actief.')).toBeTruthy();
    expect(screen.getByText(/Neem dan contact op met het bedrijf/)).toBeTruthy();
    // Branded: ReviewRoute's mark and footer, no business to name.
    expect(screen.getByTestId('brand-mark')).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toBe('PrivacybeleidMogelijk gemaakt door ReviewRoute');
    expect(screen.getByRole('link', { name: 'Privacybeleid' }).getAttribute('href')).toBe('/nl/privacy');
  });
});

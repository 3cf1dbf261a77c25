import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { samplePublicSurvey } from '@testing/fixtures';
import { SurveyApp } from '../app';
import { createTranslator } from '../lib/i18n';
import { fulfilled, writtenSurvey } from '../lib/written-page';
import { renderSurveyDisclosure, renderSurveyPage, surveyPageDocument } from './render';

const shell = `<!doctype html>
<html lang="en">
  <head>
    <!-- a comment -->
    <title>ReviewRoute</title>
    <script type="module" crossorigin src="/assets/survey-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/chunk-1.js">
    <link rel="stylesheet" crossorigin href="/assets/survey-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const styles = new Map([['/assets/survey-1.css', 'body{color:red}']]);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the survey page written at publish', () => {
  it('shows the business, the question and five stars before any script, with its CSS inline', () => {
    const survey = samplePublicSurvey({ businessName: 'Bakery <Bros>', customPrompt: 'How was your bread?' });
    const html = surveyPageDocument(shell, renderSurveyPage(survey), styles);
    const page = new DOMParser().parseFromString(html, 'text/html');
    expect(page.documentElement.lang).toBe('en');
    expect(page.title).toBe('Bakery <Bros>: share your feedback');
    expect(page.querySelector('h1')?.textContent).toBe('Bakery <Bros>');
    expect(page.querySelector('legend')?.textContent).toBe('How was your bread?');
    expect(page.querySelectorAll('input[type="radio"]')).toHaveLength(5);
    expect(page.querySelector('style')?.textContent).toBe('body{color:red}');
    expect(page.querySelector('link[rel="stylesheet"]')).toBeNull();
    // The app's script stays, and the survey it starts from is in the page.
    expect(page.querySelector('script[src="/assets/survey-1.js"]')).not.toBeNull();
    expect(writtenSurvey(page, survey.surveyCode)).toEqual(survey);
    expect(page.querySelector('a[href="/surveys/abcd2345/bakery/about-reviews"]')?.textContent).toBe(
      'How reviews work here',
    );
  });

  it('is the markup the app hydrates, without a mismatch', async () => {
    const survey = samplePublicSurvey({ language: 'nl' });
    const written = renderSurveyPage(survey);
    document.body.innerHTML = `<div id="root">${written.body}</div>`;
    const root = document.getElementById('root')!;
    const before = root.innerHTML;
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(root, <SurveyApp i18n={{ language: 'nl', t: createTranslator('nl') }} survey={fulfilled(survey)} />, {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    expect(errors).toEqual([]);
    expect(root.innerHTML).toBe(before);
    expect(root.querySelector('a[href="/nl/surveys/abcd2345/bakery/over-reviews"]')?.textContent).toBe(
      'Zo werken de reviews hier',
    );
  });
});

describe('the disclosure page', () => {
  it('says plainly that only some customers are offered the public review, and since when', () => {
    const survey = samplePublicSurvey({ offerPublicReviewToEveryone: false });
    const html = surveyPageDocument(shell, renderSurveyDisclosure(survey, '2026-11-29T10:15:00.000Z'), styles);
    const page = new DOMParser().parseFromString(html, 'text/html');
    expect(page.querySelector('[data-testid="disclosure-public-review"]')?.textContent).toBe(
      'Only customers who rate 5 stars are invited to also post a public review on Google. Customers who give a lower rating are not asked to.',
    );
    expect(page.querySelector('[data-testid="disclosure-since"]')?.textContent).toBe(
      'These rules apply since 29 November 2026 at 11:15.',
    );
    // Text and links only: no script, no preloads, and no review markup for search engines.
    expect(page.querySelectorAll('script, link[rel="modulepreload"]')).toHaveLength(0);
    expect(html).not.toMatch(/schema\.org|itemprop|ld\+json/);
    expect(page.querySelectorAll('li')).toHaveLength(6);
  });

  it('says so when every customer is offered it, in Dutch for a Dutch survey', () => {
    const survey = samplePublicSurvey({ offerPublicReviewToEveryone: true, language: 'nl' });
    const page = new DOMParser().parseFromString(
      surveyPageDocument(shell, renderSurveyDisclosure(survey, '2026-11-29T10:15:00.000Z'), styles),
      'text/html',
    );
    expect(page.documentElement.lang).toBe('nl');
    expect(page.querySelector('[data-testid="disclosure-public-review"]')?.textContent).toBe(
      'Elke klant die een beoordeling geeft, hoe hoog of laag ook, wordt gevraagd ook een openbare review op Google te plaatsen.',
    );
    expect(page.querySelector('[data-testid="disclosure-since"]')?.textContent).toContain('29 november 2026');
  });
});

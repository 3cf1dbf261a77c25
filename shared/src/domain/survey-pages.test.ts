import { describe, expect, it } from 'vitest';
import { pagePath } from './page-paths';
import { surveyDisclosureKey, surveyPageKey, surveyPageObjectOf } from './survey-pages';

describe('the objects of a survey’s static pages', () => {
  it('serves the survey page under the language prefix the path has', () => {
    expect(surveyPageObjectOf('/surveys/abcdefgh/joes-pizza')).toBe(surveyPageKey('abcdefgh', 'en'));
    expect(surveyPageObjectOf('/nl/surveys/abcdefgh/joes-pizza/')).toBe(surveyPageKey('abcdefgh', 'nl'));
    expect(surveyPageObjectOf('/surveys/abcdefgh')).toBe('files/survey-pages/abcdefgh/en.html');
  });

  it('serves the disclosure page at its slug in each language', () => {
    const params = { surveyCode: 'abcdefgh', slug: 'joes-pizza' };
    expect(surveyPageObjectOf(pagePath('surveyDisclosure', 'en', { params }))).toBe(
      surveyDisclosureKey('abcdefgh', 'en'),
    );
    expect(surveyPageObjectOf(pagePath('surveyDisclosure', 'nl', { params }))).toBe(
      'files/survey-pages/abcdefgh/nl-about-reviews.html',
    );
    expect(surveyPageObjectOf('/nl/surveys/abcdefgh/joes-pizza/about-reviews')).toBeUndefined();
  });

  it('names no object for other paths or for codes that cannot be one', () => {
    expect(surveyPageObjectOf('/dashboard')).toBeUndefined();
    expect(surveyPageObjectOf('/surveys/..%2F..%2Fx/y')).toBeUndefined();
    expect(surveyPageObjectOf('/surveys/ABCDEFGH/y')).toBeUndefined();
    expect(surveyPageObjectOf('/surveys/abcdefgh/y/other')).toBeUndefined();
  });
});

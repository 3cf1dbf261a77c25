import { describe, expect, it } from 'vitest';
import { landingPath, landingUrl, languageOfSurveyLink, surveyPathPattern } from './survey-link';

describe('surveyPathPattern', () => {
  const match = (path: string) => surveyPathPattern.exec(path)?.slice(1, 3);

  it('matches every landing path, in both languages, with or without slug and trailing slashes', () => {
    expect(match(landingPath('abcd2345', 'joes-pizza'))).toEqual(['abcd2345', 'joes-pizza']);
    expect(match(`${landingPath('abcd2345', 'joes-pizza', 'nl')}/`)).toEqual(['abcd2345', 'joes-pizza']);
    expect(match('/surveys/abcd2345')).toEqual(['abcd2345', undefined]);
    expect(match('/surveys/abcd2345//')).toEqual(['abcd2345', '']);
  });

  it('refuses other paths, look-alikes and deeper paths', () => {
    for (const path of ['/surveys', '/surveys/', '/surveys/a/b/c', '/de/surveys/a/b', '/nlsurveys/a', '/x/surveys/a'])
      expect(match(path), path).toBeUndefined();
  });

  it('prints as a regular-expression literal', () => {
    const literal = new Function(`return ${String(surveyPathPattern)};`)() as RegExp;
    expect(literal.source).toBe(surveyPathPattern.source);
  });
});

describe('a survey link in its language', () => {
  it('puts a Dutch survey under /nl and an English one at the plain path', () => {
    expect(landingPath('abcd2345', 'bakkerij', 'nl')).toBe('/nl/surveys/abcd2345/bakkerij');
    expect(landingPath('abcd2345', 'bakery', 'en')).toBe('/surveys/abcd2345/bakery');
    expect(landingUrl('https://app.example.com/', 'abcd2345', 'bakkerij', 'nl')).toBe(
      'https://app.example.com/nl/surveys/abcd2345/bakkerij',
    );
  });

  it('reads the language back from the link, absolute or a path', () => {
    expect(languageOfSurveyLink('https://app.example.com/nl/surveys/abcd2345/bakkerij')).toBe('nl');
    expect(languageOfSurveyLink('/nl/surveys/abcd2345/bakkerij')).toBe('nl');
    expect(languageOfSurveyLink('https://app.example.com/surveys/abcd2345/bakery')).toBe('en');
    expect(languageOfSurveyLink('https://nl.example.com/surveys/abcd2345/nl')).toBe('en');
    expect(languageOfSurveyLink('https://app.example.com/nlx/surveys/a/b')).toBe('en');
  });
});

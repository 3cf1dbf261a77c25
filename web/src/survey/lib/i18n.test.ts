import { describe, expect, it } from 'vitest';
import { catalogues, createTranslator } from './i18n';
import { languageOfPath, parseSurveyPath } from './path';

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.entries(tree).reduce<Record<string, string>>((all, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? { ...all, [path]: value } : { ...all, ...flatten(value, path) };
  }, {});
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('survey translations', () => {
  it('en and nl have the same keys and placeholders, and nl is translated', () => {
    const en = flatten(catalogues.en as Tree);
    const nl = flatten(catalogues.nl as Tree);
    expect(Object.keys(nl).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) expect(placeholders(nl[key]!), key).toEqual(placeholders(text));
    const same = Object.keys(en).filter((key) => en[key] === nl[key] && !/^{{/.test(en[key]!));
    expect(same).toEqual([]);
  });

  it('interpolates and picks plural forms per language', () => {
    const en = createTranslator('en');
    const nl = createTranslator('nl');
    expect([1, 2].map((count) => en('rating.star', { count }))).toEqual(['1 star', '2 stars']);
    expect([1, 5].map((count) => nl('rating.star', { count }))).toEqual(['1 ster', '5 sterren']);
    expect(en('steps.progress', { step: 2, total: 3 })).toBe('Step 2 of 3');
    expect(nl('notFound.title')).toBe('Enquête niet gevonden');
  });
});

describe('survey path', () => {
  it('reads the code, slug and language of a survey link', () => {
    expect(parseSurveyPath('/surveys/abcd2345/joes-pizza')).toEqual({
      language: 'en',
      surveyCode: 'abcd2345',
      businessSlug: 'joes-pizza',
    });
    expect(parseSurveyPath('/nl/surveys/abcd2345/joes-pizza/')).toMatchObject({
      language: 'nl',
      surveyCode: 'abcd2345',
    });
    expect(parseSurveyPath('/surveys/abcd2345')).toMatchObject({ surveyCode: 'abcd2345', businessSlug: '' });
    expect(parseSurveyPath('/surveys/')).toBeUndefined();
    expect(parseSurveyPath('/surveys/a/b/c')).toBeUndefined();
    expect(parseSurveyPath('/surveys/%E0%A4%A/x')).toBeUndefined();
    expect(parseSurveyPath('/nlx/surveys/abcd2345/x')).toBeUndefined();
    expect(languageOfPath('/nl/surveys/x/y')).toBe('nl');
    expect(languageOfPath('/nlx')).toBe('en');
  });
});

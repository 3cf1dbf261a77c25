import { describe, expect, it } from 'vitest';
import { landingPath, surveyPathPattern } from './survey-link';

describe('surveyPathPattern', () => {
  const match = (path: string) => surveyPathPattern.exec(path)?.slice(1, 3);

  it('matches every landing path, in both languages, with or without slug and trailing slashes', () => {
    expect(match(landingPath('abcd2345', 'joes-pizza'))).toEqual(['abcd2345', 'joes-pizza']);
    expect(match(`/nl${landingPath('abcd2345', 'joes-pizza')}/`)).toEqual(['abcd2345', 'joes-pizza']);
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

import { describe, expect, it } from 'vitest';
import { surveyFileName } from './survey-file-name';

describe('surveyFileName', () => {
  it("names each download after the survey's slug, in either language's link", () => {
    const url = 'https://app.example/nl/surveys/abcdefgh/bakkerij-de-vries';
    expect(surveyFileName(url, 'qr.png')).toBe('bakkerij-de-vries-qr.png');
    expect(surveyFileName(url, 'poster-a5.pdf')).toBe('bakkerij-de-vries-poster-a5.pdf');
    expect(surveyFileName('https://app.example/surveys/abcdefgh/annas-bakery', 'poster-a5.svg')).toBe(
      'annas-bakery-poster-a5.svg',
    );
  });

  it('keeps only safe characters of an encoded slug, and falls back to the code, then to "survey"', () => {
    expect(surveyFileName('https://app.example/surveys/abcdefgh/caf%C3%A9-%2F..%2Fx', 'qr.png')).toBe('cafe-x-qr.png');
    expect(surveyFileName('https://app.example/surveys/abcdefgh', 'qr.png')).toBe('abcdefgh-qr.png');
    expect(surveyFileName('https://app.example/elsewhere', 'qr.png')).toBe('survey-qr.png');
    expect(surveyFileName('not a url', 'qr.png')).toBe('survey-qr.png');
  });
});

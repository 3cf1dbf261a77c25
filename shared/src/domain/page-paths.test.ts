import { describe, expect, it } from 'vitest';
import {
  delocalize,
  languageOfPath,
  languagePrefix,
  localizePath,
  pagePath,
  pagePattern,
  pages,
  pageUrl,
  slugRedirects,
} from './page-paths';

describe('page paths', () => {
  it('builds the language prefix in one place: none for English, /nl for Dutch', () => {
    expect(languagePrefix('en')).toBe('');
    expect(languagePrefix('nl')).toBe('/nl');
  });

  it('gives each page its pattern in each language, with the Dutch slugs', () => {
    expect(pagePattern('home', 'en')).toBe('/');
    expect(pagePattern('home', 'nl')).toBe('/nl');
    expect(pagePattern('about', 'nl')).toBe('/nl/over-ons');
    expect(pagePattern('terms', 'nl')).toBe('/nl/voorwaarden');
    expect(pagePattern('invoice', 'nl')).toBe('/nl/account/invoices/:paymentId');
    expect(pagePattern('reviewRoutingSetup')).toBe('/review-routing-setup');
  });

  it('fills parameters (encoded) and appends the defined query values', () => {
    expect(pagePath('invoice', 'nl', { params: { paymentId: 'tr_1/2' } })).toBe('/nl/account/invoices/tr_1%2F2');
    expect(pagePath('dashboard', 'en', { query: { survey: 's 1', tab: undefined } })).toBe('/dashboard?survey=s%201');
    expect(() => pagePath('alertLink', 'en', { params: {} as { token: string } })).toThrow(/token/);
  });

  it('makes absolute links on the site origin, whatever its trailing slashes', () => {
    expect(pageUrl('https://app.example/', 'unsubscribe', 'nl', { params: { token: 'abc' } })).toBe(
      'https://app.example/nl/unsubscribe/abc',
    );
    expect(pageUrl('https://app.example', 'payments', 'en', { query: { success: 'true' } })).toBe(
      'https://app.example/payments?success=true',
    );
  });

  it('reads the language of a path or a link from its prefix only', () => {
    expect(languageOfPath('/nl')).toBe('nl');
    expect(languageOfPath('/nl/dashboard?survey=x')).toBe('nl');
    expect(languageOfPath('https://app.example/nl/surveys/a/b')).toBe('nl');
    expect(languageOfPath('/nlx/dashboard')).toBe('en');
    expect(languageOfPath('/dashboard')).toBe('en');
  });

  it('moves any path between the languages and back, keeping query and hash', () => {
    for (const page of Object.keys(pages) as (keyof typeof pages)[]) {
      const dutch = pagePattern(page, 'nl');
      expect(localizePath(pages[page], 'nl')).toBe(dutch);
      expect(delocalize(dutch)).toBe(pages[page]);
      expect(localizePath(dutch, 'en')).toBe(pages[page]);
    }
    expect(localizePath('/about?x=1#y', 'nl')).toBe('/nl/over-ons?x=1#y');
    expect(localizePath('/bestaat-niet/', 'nl')).toBe('/nl/bestaat-niet');
  });

  it('redirects the English slugs under the Dutch prefix to the Dutch ones', () => {
    expect(slugRedirects()).toEqual([
      { from: '/nl/about', to: '/nl/over-ons' },
      { from: '/nl/terms', to: '/nl/voorwaarden' },
    ]);
  });
});

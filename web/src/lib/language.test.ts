import { afterEach, describe, expect, it } from 'vitest';
import {
  browserLanguageSignals,
  delocalize,
  languageOfPath,
  languageRedirect,
  languageStorageKey,
  localizePath,
  parseLanguage,
  preferredLanguage,
  storeLanguage,
} from './language';

describe('languageOfPath', () => {
  it.each([
    ['/', 'en'],
    ['/auth', 'en'],
    ['/about', 'en'],
    ['/nl', 'nl'],
    ['/nl/', 'nl'],
    ['/nl/auth', 'nl'],
    ['/nl/over-ons', 'nl'],
    ['/nl?x=1', 'nl'],
    ['/nl#top', 'nl'],
    // Only the /nl segment counts, not any path that happens to start with the letters.
    ['/nlx', 'en'],
    ['/nlauth', 'en'],
    ['/auth/nl', 'en'],
  ])('%s is %s', (path, language) => {
    expect(languageOfPath(path)).toBe(language);
  });
});

describe('localizePath', () => {
  it.each([
    ['/', '/nl'],
    ['/auth', '/nl/auth'],
    ['/dashboard', '/nl/dashboard'],
    ['/account', '/nl/account'],
    ['/privacy', '/nl/privacy'],
    ['/contact', '/nl/contact'],
    ['/payments', '/nl/payments'],
    ['/surveys/abc/my-shop', '/nl/surveys/abc/my-shop'],
    ['/about', '/nl/over-ons'],
    ['/terms', '/nl/voorwaarden'],
  ])('Dutch of %s is %s', (english, dutch) => {
    expect(localizePath(english, 'nl')).toBe(dutch);
  });

  it.each([
    ['/nl', '/'],
    ['/nl/', '/'],
    ['/nl/auth', '/auth'],
    ['/nl/over-ons', '/about'],
    ['/nl/voorwaarden', '/terms'],
    ['/nl/about', '/about'],
    ['/nl/terms', '/terms'],
    ['/dashboard', '/dashboard'],
  ])('English of %s is %s', (path, english) => {
    expect(localizePath(path, 'en')).toBe(english);
  });

  it('is idempotent and accepts paths of either language', () => {
    expect(localizePath('/nl/auth', 'nl')).toBe('/nl/auth');
    expect(localizePath('/nl/over-ons', 'nl')).toBe('/nl/over-ons');
    expect(localizePath('/nl/about', 'nl')).toBe('/nl/over-ons');
    expect(localizePath('/nl/terms', 'nl')).toBe('/nl/voorwaarden');
    expect(localizePath(localizePath('/about', 'nl'), 'nl')).toBe('/nl/over-ons');
  });

  it('keeps query and hash', () => {
    expect(localizePath('/account?tab=billing&payment=success', 'nl')).toBe('/nl/account?tab=billing&payment=success');
    expect(localizePath('/?a=1#pricing', 'nl')).toBe('/nl?a=1#pricing');
    expect(localizePath('/nl/over-ons#team', 'en')).toBe('/about#team');
    expect(localizePath('/nl?a=1', 'en')).toBe('/?a=1');
  });

  it('leaves Dutch slugs outside /nl alone (they are not English routes)', () => {
    expect(localizePath('/over-ons', 'en')).toBe('/over-ons');
    expect(localizePath('/over-ons', 'nl')).toBe('/nl/over-ons');
  });

  it('drops trailing slashes', () => {
    expect(localizePath('/auth/', 'nl')).toBe('/nl/auth');
    expect(localizePath('/nl/auth/', 'en')).toBe('/auth');
  });
});

describe('delocalize', () => {
  it('maps Dutch paths to their English page and leaves English paths as they are', () => {
    expect(delocalize('/nl')).toBe('/');
    expect(delocalize('/nl/over-ons')).toBe('/about');
    expect(delocalize('/nl/voorwaarden?x=1')).toBe('/terms?x=1');
    expect(delocalize('/nl/dashboard')).toBe('/dashboard');
    expect(delocalize('/about')).toBe('/about');
    expect(delocalize('/')).toBe('/');
  });

  it('round-trips with localizePath for every page', () => {
    for (const page of [
      '/',
      '/auth',
      '/dashboard',
      '/account',
      '/about',
      '/privacy',
      '/contact',
      '/terms',
      '/payments',
    ]) {
      expect(delocalize(localizePath(page, 'nl'))).toBe(page);
      expect(delocalize(localizePath(page, 'en'))).toBe(page);
    }
  });
});

describe('parseLanguage', () => {
  it.each([
    ['nl', 'nl'],
    ['NL', 'nl'],
    ['nl-BE', 'nl'],
    ['en', 'en'],
    ['en-US', 'en'],
    ['de', undefined],
    ['', undefined],
    [null, undefined],
    ['nlx', undefined],
  ])('%s -> %s', (value, language) => {
    expect(parseLanguage(value)).toBe(language);
  });
});

describe('preferredLanguage', () => {
  it('the stored choice wins over the browser', () => {
    expect(preferredLanguage({ stored: 'en', browserLanguages: ['nl-NL'] })).toBe('en');
    expect(preferredLanguage({ stored: 'nl', browserLanguages: ['en-US'] })).toBe('nl');
  });

  it('ignores a stored value that is not a supported language', () => {
    expect(preferredLanguage({ stored: 'fr', browserLanguages: ['nl-NL'] })).toBe('nl');
  });

  it('browser: Dutch when any browser language starts with nl, else English', () => {
    expect(preferredLanguage({ browserLanguages: ['en-US', 'nl'] })).toBe('nl');
    expect(preferredLanguage({ browserLanguages: ['nl-BE'] })).toBe('nl');
    expect(preferredLanguage({ browserLanguages: ['de-DE', 'fr'] })).toBe('en');
    expect(preferredLanguage({ browserLanguages: ['en-GB'], htmlLang: 'nl' })).toBe('en');
  });

  it('html lang only when the browser declares no language', () => {
    expect(preferredLanguage({ browserLanguages: [], htmlLang: 'nl' })).toBe('nl');
    expect(preferredLanguage({ browserLanguages: [], htmlLang: 'en' })).toBe('en');
  });

  it('falls back to English', () => {
    expect(preferredLanguage({})).toBe('en');
    expect(preferredLanguage({ stored: null, browserLanguages: [], htmlLang: null })).toBe('en');
  });
});

describe('languageRedirect', () => {
  it('does nothing when the path matches the preference', () => {
    expect(languageRedirect('/auth', 'en')).toBeUndefined();
    expect(languageRedirect('/nl/auth', 'nl')).toBeUndefined();
    expect(languageRedirect('/nl', 'nl')).toBeUndefined();
  });

  it('sends a path in the other language to the same page in the preferred one', () => {
    expect(languageRedirect('/auth', 'nl')).toBe('/nl/auth');
    expect(languageRedirect('/', 'nl')).toBe('/nl');
    expect(languageRedirect('/about', 'nl')).toBe('/nl/over-ons');
    expect(languageRedirect('/nl/over-ons', 'en')).toBe('/about');
    expect(languageRedirect('/nl/voorwaarden', 'en')).toBe('/terms');
    expect(languageRedirect('/nl', 'en')).toBe('/');
  });
});

describe('browser signals and storage', () => {
  afterEach(() => window.localStorage.clear());

  it('stores the choice under the documented key and reads it back', () => {
    storeLanguage('nl');
    expect(window.localStorage.getItem(languageStorageKey)).toBe('nl');
    expect(languageStorageKey).toBe('i18nextLng');
    const signals = browserLanguageSignals();
    expect(signals.stored).toBe('nl');
    expect(preferredLanguage(signals)).toBe('nl');
  });

  it('reads the html lang', () => {
    document.documentElement.setAttribute('lang', 'nl');
    expect(browserLanguageSignals().htmlLang).toBe('nl');
  });
});

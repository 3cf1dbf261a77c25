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

describe('languageRedirect (decisions 16)', () => {
  const english = ['en-US', 'en'];
  const dutch = ['nl-NL', 'nl'];

  it('without a stored choice, a /nl path stays Dutch in any browser (shared links, crawlers)', () => {
    for (const path of ['/nl', '/nl/over-ons', '/nl/voorwaarden', '/nl/privacy', '/nl/contact', '/nl/auth']) {
      expect(languageRedirect(path, { browserLanguages: english }), path).toBeUndefined();
      expect(languageRedirect(path, { browserLanguages: ['de-DE'] }), path).toBeUndefined();
      expect(languageRedirect(path, { browserLanguages: [] }), path).toBeUndefined();
      expect(languageRedirect(path, {}), path).toBeUndefined();
      expect(languageRedirect(path, { browserLanguages: dutch }), path).toBeUndefined();
    }
  });

  it('without a stored choice, an unprefixed path goes to its Dutch twin only when the browser prefers Dutch', () => {
    expect(languageRedirect('/', { browserLanguages: dutch })).toBe('/nl');
    expect(languageRedirect('/about', { browserLanguages: ['de-DE', 'nl-BE'] })).toBe('/nl/over-ons');
    expect(languageRedirect('/terms?x=1#top', { browserLanguages: dutch })).toBe('/nl/voorwaarden?x=1#top');
    expect(languageRedirect('/', { browserLanguages: english })).toBeUndefined();
    expect(languageRedirect('/about', { browserLanguages: ['fr-FR'] })).toBeUndefined();
    // A crawler declares no language and has no storage: it is never redirected.
    expect(languageRedirect('/', {})).toBeUndefined();
  });

  it('a stored choice wins everywhere, over the path and the browser', () => {
    expect(languageRedirect('/nl/over-ons', { stored: 'en', browserLanguages: dutch })).toBe('/about');
    expect(languageRedirect('/nl/voorwaarden', { stored: 'en' })).toBe('/terms');
    expect(languageRedirect('/nl', { stored: 'en-GB' })).toBe('/');
    expect(languageRedirect('/auth', { stored: 'nl', browserLanguages: english })).toBe('/nl/auth');
    expect(languageRedirect('/about', { stored: 'nl' })).toBe('/nl/over-ons');
    expect(languageRedirect('/about', { stored: 'en', browserLanguages: dutch })).toBeUndefined();
    expect(languageRedirect('/nl/contact', { stored: 'nl', browserLanguages: english })).toBeUndefined();
  });

  it('ignores a stored value that is no supported language', () => {
    expect(languageRedirect('/nl', { stored: 'fr', browserLanguages: english })).toBeUndefined();
    expect(languageRedirect('/', { stored: 'fr', browserLanguages: dutch })).toBe('/nl');
  });

  it('the html lang counts only for unprefixed paths of a browser that declares no language', () => {
    expect(languageRedirect('/', { browserLanguages: [], htmlLang: 'nl' })).toBe('/nl');
    expect(languageRedirect('/nl', { browserLanguages: [], htmlLang: 'en' })).toBeUndefined();
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

import { describe, expect, it, vi } from 'vitest';
import { surveyPageObjectOf } from '@reviewroute/shared/domain';
import { cloudfrontImport, spaRoutingCode } from './edge-functions';

interface CfRequest {
  uri: string;
}
type Handler = (event: { request: CfRequest }) => CfRequest;

// CloudFront Functions are plain ES5.1+ scripts defining `handler`: evaluate them as such.
const load = (code: string): Handler => new Function(`${code}\nreturn handler;`)() as Handler;

describe('SPA routing function', () => {
  const handler = load(spaRoutingCode());
  const route = (uri: string): string => handler({ request: { uri } }).uri;

  it('serves index.html for app routes in both languages', () => {
    for (const uri of ['/', '/auth', '/dashboard', '/nl/over-ons', '/nl/about/', '/surveys', '/nl/surveys/']) {
      expect(route(uri), uri).toBe('/index.html');
    }
  });

  it('serves the public survey page its own entry, survey.html, in both languages', () => {
    for (const uri of [
      '/surveys/abcd1234/bakery',
      '/surveys/abcd1234',
      '/surveys/abcd1234/',
      '/nl/surveys/abcd1234/bakery',
      '/nl/surveys/abcd1234/bakery/',
    ]) {
      expect(route(uri), uri).toBe('/survey.html');
    }
    // Only survey links: look-alike app routes and deeper paths keep the app.
    for (const uri of [
      '/my-surveys/abcd1234',
      '/dashboard/surveys/abcd1234',
      '/de/surveys/abcd1234',
      '/nlsurveys/x',
      '/surveys/abcd1234/bakery/more',
    ]) {
      expect(route(uri), uri).toBe('/index.html');
    }
  });

  it('leaves files alone so a missing asset is a real miss', () => {
    for (const uri of ['/config.json', '/assets/index-abc.js', '/favicon.ico', '/nl/robots.txt', '/survey.html']) {
      expect(route(uri)).toBe(uri);
    }
  });
});

describe('SPA routing function with prerendered pages', () => {
  const handler = load(
    spaRoutingCode({
      '/': '/prerendered/index.html',
      '/nl': '/prerendered/nl.html',
      '/nl/over-ons': '/prerendered/nl/over-ons.html',
    }),
  );
  const route = (uri: string): string => handler({ request: { uri } }).uri;

  it('serves each prerendered page its own file, with or without a trailing slash', () => {
    expect(route('/')).toBe('/prerendered/index.html');
    expect(route('/nl')).toBe('/prerendered/nl.html');
    expect(route('/nl/')).toBe('/prerendered/nl.html');
    expect(route('/nl/over-ons')).toBe('/prerendered/nl/over-ons.html');
    expect(route('/nl/over-ons/')).toBe('/prerendered/nl/over-ons.html');
  });

  it('keeps the app shell for every other route and survey.html for survey links', () => {
    for (const uri of ['/auth', '/nl/dashboard', '/over-ons', '/nl/about', '/constructor', '/__proto__']) {
      expect(route(uri), uri).toBe('/index.html');
    }
    expect(route('/nl/surveys/abcd1234/bakery')).toBe('/survey.html');
    expect(route('/prerendered/nl.html')).toBe('/prerendered/nl.html');
  });
});

describe('SPA routing function with the written survey pages', () => {
  // The key value store as the surveys Lambda fills it: code -> the languages its pages are written in.
  const store: Record<string, string> = { abcd2345: 'en', nkmp6789: 'nl' };
  const read = vi.fn(async (key: string) => {
    if (!(key in store)) throw new Error(`The key ${key} was not found.`);
    return store[key]!;
  });
  const selectRequestOriginById = vi.fn();
  const cf = { kvs: () => ({ get: read }), selectRequestOriginById };
  const code = spaRoutingCode({ '/nl': '/prerendered/nl.html' }, { assetsOriginId: 'SurveyAssets' });
  // The module import is CloudFront's; the test hands the function its fake `cf` instead.
  const handler = new Function('cf', `${code.replace(cloudfrontImport, '')}\nreturn handler;`)(cf) as (event: {
    request: CfRequest;
  }) => Promise<CfRequest>;
  const route = async (uri: string) => {
    selectRequestOriginById.mockClear();
    const routed = (await handler({ request: { uri } })).uri;
    const origin = selectRequestOriginById.mock.calls.map(([id]) => id as string);
    return { uri: routed, origin: origin.length ? origin : undefined };
  };
  const fromAssets = (uri: string) => ({ uri, origin: ['SurveyAssets'] });
  const asToday = (uri: string) => ({ uri, origin: undefined });

  it('starts with CloudFront’s module, as runtime 2.0 needs it', () => {
    expect(code.startsWith(`${cloudfrontImport}\n`)).toBe(true);
  });

  it('serves a written survey page from the assets origin, in its language, with or without slug and slashes', async () => {
    for (const uri of ['/surveys/abcd2345/bakery', '/surveys/abcd2345', '/surveys/abcd2345/bakery/']) {
      expect(await route(uri), uri).toEqual(fromAssets('/files/survey-pages/abcd2345/en.html'));
    }
    expect(await route('/nl/surveys/nkmp6789/bakkerij')).toEqual(fromAssets('/files/survey-pages/nkmp6789/nl.html'));
  });

  it('serves the written disclosure page at each language’s own path', async () => {
    expect(await route('/surveys/abcd2345/bakery/about-reviews')).toEqual(
      fromAssets('/files/survey-pages/abcd2345/en-about-reviews.html'),
    );
    expect(await route('/nl/surveys/nkmp6789/bakkerij/over-reviews/')).toEqual(
      fromAssets('/files/survey-pages/nkmp6789/nl-about-reviews.html'),
    );
  });

  it('serves the object the local servers serve for the same path (shared surveyPageObjectOf)', async () => {
    for (const uri of [
      '/surveys/abcd2345/bakery',
      '/nl/surveys/nkmp6789/bakkerij',
      '/surveys/abcd2345/bakery/about-reviews',
      '/nl/surveys/nkmp6789/bakkerij/over-reviews',
    ]) {
      expect((await route(uri)).uri, uri).toBe(`/${surveyPageObjectOf(uri)}`);
    }
  });

  it('leaves a survey without written pages, or not in the path’s language, to survey.html as before', async () => {
    for (const uri of [
      '/surveys/zzzz2345/bakery',
      '/nl/surveys/abcd2345/bakery',
      '/surveys/nkmp6789/bakkerij',
      '/surveys/abcd1234/not-a-code',
    ]) {
      expect(await route(uri), uri).toEqual(asToday('/survey.html'));
    }
    // A disclosure path without its page, or in the other language's words, keeps the app as before.
    for (const uri of [
      '/surveys/zzzz2345/bakery/about-reviews',
      '/surveys/abcd2345/bakery/over-reviews',
      '/nl/surveys/nkmp6789/bakkerij/about-reviews',
    ]) {
      expect(await route(uri), uri).toEqual(asToday('/index.html'));
    }
  });

  it('leaves every other path as before, without reading the store', async () => {
    read.mockClear();
    expect(await route('/nl')).toEqual(asToday('/prerendered/nl.html'));
    for (const uri of ['/', '/dashboard', '/nl/over-ons', '/surveys', '/surveys/abcd2345/bakery/more']) {
      expect(await route(uri), uri).toEqual(asToday('/index.html'));
    }
    for (const uri of ['/assets/index-abc.js', '/survey.html', '/files/survey-pages/abcd2345/en.html']) {
      expect(await route(uri), uri).toEqual(asToday(uri));
    }
    expect(read).not.toHaveBeenCalled();
  });
});

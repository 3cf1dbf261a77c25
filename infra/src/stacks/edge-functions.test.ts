import { describe, expect, it } from 'vitest';
import { spaRoutingCode } from './edge-functions';

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

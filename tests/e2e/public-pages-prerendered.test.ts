import { beforeAll, describe, expect, it } from 'vitest';
import { waitForPath } from '../support/app-flows';
import { newContext, useBrowser } from '../support/browser';
import { builtSiteUrl } from '../support/run-site';
import { languageStorageKey } from '../../web/src/lib/language';

/**
 * The production build: the public pages prerendered at build time, served as CloudFront serves them (the
 * web stack's routing function), fetched without JavaScript as a crawler does, then hydrated in Chromium.
 */

const pages = [
  {
    path: '/',
    lang: 'en',
    title: 'ReviewRoute · Turn happy customers into Google reviews',
    h1: 'Turn happy customers into Google reviews',
  },
  {
    path: '/nl',
    lang: 'nl',
    title: 'ReviewRoute · Meer Google-reviews van tevreden klanten',
    h1: 'Meer Google-reviews van tevreden klanten',
  },
  {
    path: '/about',
    lang: 'en',
    title: 'About ReviewRoute · Honest feedback for local businesses',
    h1: 'About ReviewRoute',
  },
  {
    path: '/nl/over-ons',
    lang: 'nl',
    title: 'Over ReviewRoute · Eerlijke feedback voor lokale ondernemers',
    h1: 'Over ReviewRoute',
  },
  { path: '/privacy', lang: 'en', title: 'Privacy policy · ReviewRoute', h1: 'Privacy policy' },
  { path: '/nl/privacy', lang: 'nl', title: 'Privacybeleid · ReviewRoute', h1: 'Privacybeleid' },
  { path: '/terms', lang: 'en', title: 'Terms of service · ReviewRoute', h1: 'Terms of service' },
  { path: '/nl/voorwaarden', lang: 'nl', title: 'Algemene voorwaarden · ReviewRoute', h1: 'Algemene voorwaarden' },
  { path: '/contact', lang: 'en', title: 'Contact ReviewRoute · We reply within 24 hours', h1: 'Contact us' },
  { path: '/nl/contact', lang: 'nl', title: 'Contact met ReviewRoute · Antwoord binnen 24 uur', h1: 'Neem contact op' },
] as const;

/** The English/Dutch twin of each page, as hreflang and the sitemap pair them. */
const twins: Record<string, { en: string; nl: string }> = {
  '/': { en: '/', nl: '/nl' },
  '/about': { en: '/about', nl: '/nl/over-ons' },
  '/privacy': { en: '/privacy', nl: '/nl/privacy' },
  '/terms': { en: '/terms', nl: '/nl/voorwaarden' },
  '/contact': { en: '/contact', nl: '/nl/contact' },
};
const twinsOf = (p: string) => Object.values(twins).find((t) => t.en === p || t.nl === p)!;

/** The run's build, started by the global set-up while other files run; this waits for it to finish. */
const site = { url: '' };

beforeAll(async () => {
  site.url = await builtSiteUrl();
}, 300_000);

const fetchText = async (p: string) => {
  const res = await fetch(`${site.url}${p}`);
  expect(res.status, p).toBe(200);
  return res.text();
};

/** The value of the first tag matching `pattern`'s attribute, from raw HTML. */
const attribute = (html: string, tag: RegExp, name: string): string | undefined => {
  const element = html.match(tag)?.[0];
  return element?.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1];
};

describe('prerendered pages, fetched without JavaScript', () => {
  it.each(pages)('$path has its title, description, canonical, hreflang, robots and h1', async (page) => {
    const html = await fetchText(page.path);
    const { en, nl } = twinsOf(page.path);
    expect(html).toContain(`<html lang="${page.lang}">`);
    expect(html).toContain(`<title>${page.title}</title>`);
    expect(attribute(html, /<meta name="description"[^>]*>/, 'content')?.length).toBeGreaterThan(80);
    expect(attribute(html, /<link rel="canonical"[^>]*>/, 'href')).toBe(`${site.url}${page.path}`);
    expect(attribute(html, /<link rel="alternate" hreflang="en"[^>]*>/, 'href')).toBe(`${site.url}${en}`);
    expect(attribute(html, /<link rel="alternate" hreflang="nl"[^>]*>/, 'href')).toBe(`${site.url}${nl}`);
    expect(attribute(html, /<link rel="alternate" hreflang="x-default"[^>]*>/, 'href')).toBe(`${site.url}${en}`);
    expect(attribute(html, /<meta name="robots"[^>]*>/, 'content')).toBe('index, follow');
    expect(attribute(html, /<meta property="og:image"[^>]*>/, 'content')).toBe(
      `${site.url}/og/reviewroute-${page.lang}.png`,
    );
    expect(attribute(html, /<meta name="twitter:card"[^>]*>/, 'content')).toBe('summary_large_image');
    expect(html).toMatch(new RegExp(`<h1[^>]*>${page.h1}</h1>`));
    expect(html).not.toContain('site-origin.reviewroute.invalid');
  });

  it('the Dutch home carries the SoftwareApplication data with its 49 EUR price', async () => {
    const html = await fetchText('/nl');
    const json = html.match(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/)?.[1];
    expect(json).toBeDefined();
    expect(JSON.parse(json!)).toMatchObject({
      '@type': 'SoftwareApplication',
      offers: { price: '49', priceCurrency: 'EUR' },
    });
  });

  it('the share images exist', async () => {
    for (const lang of ['en', 'nl']) {
      const res = await fetch(`${site.url}/og/reviewroute-${lang}.png`);
      expect(res.headers.get('content-type')).toBe('image/png');
    }
  });

  it('sitemap.xml lists both languages with their twins; robots.txt names it', async () => {
    const sitemap = await fetchText('/sitemap.xml');
    for (const page of pages) expect(sitemap).toContain(`<loc>${site.url}${page.path}</loc>`);
    expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="nl" href="${site.url}/nl/over-ons"/>`);
    const robots = await fetchText('/robots.txt');
    expect(robots).toContain(`Sitemap: ${site.url}/sitemap.xml`);
    expect(robots).toContain('Disallow: /api/');
  });

  it('owner pages (the app shell) and survey pages are noindex', async () => {
    for (const p of ['/auth', '/nl/dashboard', '/surveys/abcd2345/bakery']) {
      const html = await fetchText(p);
      expect(attribute(html, /<meta name="robots"[^>]*>/, 'content'), p).toBe('noindex');
      expect(html, p).not.toContain('rel="canonical"');
    }
  });
});

describe('prerendered pages in the browser', () => {
  const b = useBrowser({ locale: 'en-US', reducedMotion: 'reduce' });

  it('paint their content without JavaScript', async () => {
    const context = await newContext(b.browser(), { javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${site.url}/nl/over-ons`);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Over ReviewRoute');
      expect(await page.getByRole('link', { name: 'Inloggen' }).getAttribute('href')).toBe('/nl/auth?tab=signin');
    } finally {
      await context.close();
    }
  });

  it('hydrate without errors and then work as the app: switcher, form checks', async () => {
    const page = b.page();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${site.url}/nl/contact`);
    const form = page.getByRole('form', { name: 'Stuur een bericht' });
    await form.getByRole('button', { name: 'Verstuur bericht' }).click();
    await form.getByText('Voornaam is verplicht', { exact: true }).waitFor();
    await page.getByRole('navigation', { name: 'Taal' }).getByRole('link', { name: 'EN English' }).click();
    await waitForPath(page, '/contact');
    await page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('remember the switcher choice without React, and move the next Dutch page to its English twin', async () => {
    const page = b.page();
    await page.goto(`${site.url}/nl/over-ons`);
    await page.getByRole('navigation', { name: 'Taal' }).getByRole('link', { name: 'EN English' }).click();
    await waitForPath(page, '/about');
    await page.getByRole('heading', { level: 1, name: 'About ReviewRoute' }).waitFor();
    expect(await page.evaluate((key) => window.localStorage.getItem(key), languageStorageKey)).toBe('en');
    // Decisions 16: the stored choice wins over the path, so a Dutch link now opens the English page.
    await page.goto(`${site.url}/nl/voorwaarden`);
    await waitForPath(page, '/terms');
    await page.getByRole('heading', { level: 1, name: 'Terms of service' }).waitFor();
  });

  it('load none of the owner app (Amplify, config, session) until the visitor goes to /auth', async () => {
    const page = b.page();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    const owner = (paths: string[]) =>
      paths.filter((p) => /config\.json|amplify|owner-root|auth-session|auth-page/.test(p));
    expect(owner(requested)).toEqual([]);
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
    await page
      .getByRole('heading', { name: 'Welcome back' })
      .or(page.getByRole('heading', { name: 'Welcome to ReviewRoute' }))
      .first()
      .waitFor();
    expect(owner(requested)).toEqual(expect.arrayContaining(['/config.json']));
  });
});

import { describe, expect, it } from 'vitest';
import { siteVariants } from '../site';
import { robotsTxt, sitemapXml } from './sitemap';

const origin = 'https://reviewroute.example';

describe('sitemap.xml', () => {
  const xml = sitemapXml(origin);

  it('lists every public page in both languages', () => {
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.sort()).toEqual(
      siteVariants()
        .map((v) => `${origin}${v.path}`)
        .sort(),
    );
    expect(locs).toHaveLength(10);
  });

  it('pairs each page with its twin and x-default', () => {
    const entry = xml.split('<url>').find((part) => part.includes(`<loc>${origin}/nl/voorwaarden</loc>`))!;
    expect(entry).toContain(`hreflang="en" href="${origin}/terms"`);
    expect(entry).toContain(`hreflang="nl" href="${origin}/nl/voorwaarden"`);
    expect(entry).toContain(`hreflang="x-default" href="${origin}/terms"`);
  });
});

describe('robots.txt', () => {
  it('allows crawling but the API and names the sitemap', () => {
    expect(robotsTxt(origin)).toBe(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`);
  });
});

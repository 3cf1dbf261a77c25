import { escapeXml, languages, pagePath } from '@reviewroute/shared/domain';
import { sitePages } from '../site';

/**
 * sitemap.xml: every public page in both languages, each listing its language twins (and x-default, the
 * English page) as Google's hreflang sitemap format asks. `origin` is `https://host`.
 */
export function sitemapXml(origin: string): string {
  const urls = sitePages.flatMap((page) => {
    const url = (language: (typeof languages)[number]) => `${origin}${pagePath(page, language)}`;
    const alternates = [
      ...languages.map((language) => [language, url(language)] as const),
      ['x-default', url('en')] as const,
    ]
      .map(([hreflang, href]) => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`)
      .join('\n');
    return languages.map((language) => `  <url>\n    <loc>${escapeXml(url(language))}</loc>\n${alternates}\n  </url>`);
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * robots.txt: everything may be crawled but the API, and the sitemap is named. Owner pages and survey pages
 * carry a robots noindex tag instead of a Disallow here: a crawler must be allowed to fetch a page to see
 * that it may not index it.
 */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

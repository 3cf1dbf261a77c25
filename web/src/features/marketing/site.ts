import { type Language, languages, type Page, pagePath } from '@reviewroute/shared/domain';

/**
 * The public pages (spec 2): prerendered in both languages, listed in the sitemap, indexed by search engines.
 * Their paths in each language (`/nl/over-ons`, …) are the page table's (`pagePath`).
 */
export const sitePages = ['home', 'about', 'privacy', 'terms', 'contact'] as const satisfies readonly Page[];
export type SitePage = (typeof sitePages)[number];

/**
 * The public pages the app takes over in the browser (hydrates): those a visitor does more on than read and follow
 * links. The others keep their prerendered HTML and run only web/src/public-page.ts, so the home page a phone
 * lands on downloads a kilobyte of script instead of React, the router and every translation.
 */
export const interactivePages: ReadonlySet<SitePage> = new Set<SitePage>(['contact']);

export interface SitePageVariant {
  page: SitePage;
  language: Language;
  path: string;
}

/** Every public page in every language: what the build prerenders and the sitemap lists. */
export const siteVariants = (): SitePageVariant[] =>
  sitePages.flatMap((page) => languages.map((language) => ({ page, language, path: pagePath(page, language) })));

/** The in-page sections of the home page the header links to (spec 2 "Home"). */
export const homeSections = ['how-it-works', 'benefits', 'pricing'] as const;
export type HomeSection = (typeof homeSections)[number];

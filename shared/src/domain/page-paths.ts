import { defaultLanguage, languages, type Language } from './language';

/**
 * Every page of the site (spec 2), owner and public, at its English path in react-router's pattern syntax
 * (`:param`). Each page exists in every language: English at this path, another language under its prefix
 * (`languagePrefix`), with the page's own slug where `localSlugs` gives one. The web router, the prerender and
 * the sitemap, the mails' links and the payment's return address all read this table; nobody else writes a
 * page's path or a language's prefix.
 */
export const pages = {
  home: '/',
  about: '/about',
  privacy: '/privacy',
  terms: '/terms',
  contact: '/contact',
  auth: '/auth',
  payments: '/payments',
  dashboard: '/dashboard',
  inbox: '/inbox',
  account: '/account',
  invoice: '/account/invoices/:paymentId',
  reviewRequests: '/review-requests',
  // The survey wizard's four steps, in order.
  surveySetup: '/survey-setup',
  landingPagePreview: '/landing-page-preview',
  reviewRoutingSetup: '/review-routing-setup',
  distributionInstructions: '/distribution-instructions',
  // Pages a mail links to that need no session: the alerts' switch-off link, a review request's unsubscribe.
  alertLink: '/alerts/:token',
  unsubscribe: '/unsubscribe/:token',
  // The public survey page (its own entry, `web/survey.html`); `survey-link.ts` holds its rules.
  survey: '/surveys/:surveyCode/:slug',
  // A survey's disclosure page: how its reviews are invited, counted and hidden (a static page written per survey).
  surveyDisclosure: '/surveys/:surveyCode/:slug/about-reviews',
} as const;
export type Page = keyof typeof pages;

/** The query parameter that names the survey an owner page shows (`/dashboard?survey=…`, the wizard, the inbox). */
export const surveySearchParam = 'survey';

/** Pages whose path under a language's prefix is not the English one: `/nl/over-ons`, `/nl/voorwaarden`. */
const localSlugs: { readonly [L in Language]?: Partial<Record<Page, string>> } = {
  nl: { about: '/over-ons', terms: '/voorwaarden', surveyDisclosure: '/surveys/:surveyCode/:slug/over-reviews' },
};

/** The languages whose pages live under a prefix: every one but the default. */
export const prefixedLanguages: readonly Language[] = languages.filter((language) => language !== defaultLanguage);

/** The path prefix of a language's pages: none for English, `/` and the language's code for the others. */
export const languagePrefix = (language: Language): string => (language === defaultLanguage ? '' : `/${language}`);

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
/** The path parameters of a page, e.g. `{ paymentId: string }` for the invoice. */
export type PageParams<P extends Page> = { [K in ParamNames<(typeof pages)[P]>]: string };

/** What a link to page `P` carries: its path parameters (when it has any) and a query string. */
export type PageLink<P extends Page> = (keyof PageParams<P> extends never
  ? { params?: never }
  : { params: PageParams<P> }) & { query?: Readonly<Record<string, string | undefined>> };

/** The route pattern of a page in a language, parameters left as `:name`: what the web router matches. */
export function pagePattern(page: Page, language: Language = defaultLanguage): string {
  const path = localSlugs[language]?.[page] ?? pages[page];
  const prefix = languagePrefix(language);
  return prefix && path === '/' ? prefix : `${prefix}${path}`;
}

/**
 * The path of a link to `page` in `language`: its parameters filled in, URI-encoded, and the query's defined
 * values appended. `pagePath('invoice', 'nl', { params: { paymentId } })` is `/nl/account/invoices/{paymentId}`.
 */
export function pagePath<P extends Page>(
  page: P,
  language: Language = defaultLanguage,
  ...[link]: keyof PageParams<P> extends never ? [link?: PageLink<P>] : [link: PageLink<P>]
): string {
  const params = (link?.params ?? {}) as Record<string, string>;
  const path = pagePattern(page, language).replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Page ${page} needs the parameter ${name}`);
    return encodeURIComponent(value);
  });
  const query = Object.entries(link?.query ?? {}).flatMap(([name, value]) =>
    value === undefined ? [] : [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`],
  );
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

/** An absolute link to a page (the mails' links, the payment's return): `pagePath` on the site's origin. */
export function pageUrl<P extends Page>(
  siteOrigin: string,
  page: P,
  language: Language,
  ...link: keyof PageParams<P> extends never ? [link?: PageLink<P>] : [link: PageLink<P>]
): string {
  const path = (pagePath as (page: Page, language: Language, link?: PageLink<P>) => string)(page, language, link[0]);
  return `${siteOrigin.replace(/\/+$/, '')}${path}`;
}

/**
 * The English slug under a prefix that moves to the page's own slug there: `/nl/about` -> `/nl/over-ons`.
 * Only pages without parameters: a parameterised one with its own slug (the disclosure page) is a static object
 * per survey, not a route of the app, and exists at its own slug only.
 */
export const slugRedirects = (): { from: string; to: string }[] =>
  prefixedLanguages.flatMap((language) =>
    (Object.keys(localSlugs[language] ?? {}) as Page[])
      .filter((page) => !pages[page].includes(':'))
      .map((page) => ({
        from: `${languagePrefix(language)}${pages[page]}`,
        to: pagePattern(page, language),
      })),
  );

/** Separates `?query#hash` so only the pathname is rewritten. */
function splitPath(path: string): { pathname: string; suffix: string } {
  const index = path.search(/[?#]/);
  return index === -1 ? { pathname: path, suffix: '' } : { pathname: path.slice(0, index), suffix: path.slice(index) };
}

/** Drops trailing slashes except for the root itself. */
function trimSlash(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** The language a path (or an absolute link) is shown in: the prefix it starts with decides, English without one. */
export function languageOfPath(path: string): Language {
  const { pathname } = splitPath(path.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, ''));
  return (
    prefixedLanguages.find((language) => {
      const prefix = languagePrefix(language);
      return pathname === prefix || pathname.startsWith(`${prefix}/`);
    }) ?? defaultLanguage
  );
}

/** The language-neutral (English) path of any path: /nl/over-ons -> /about, /nl -> /, /nl/auth -> /auth. */
export function delocalize(path: string): string {
  const { pathname, suffix } = splitPath(path);
  const language = languageOfPath(pathname);
  if (language === defaultLanguage) return trimSlash(pathname) + suffix;
  const rest = trimSlash(pathname.slice(languagePrefix(language).length) || '/');
  const slugged = Object.entries(localSlugs[language] ?? {}).find(([, slug]) => slug === rest);
  return (slugged ? pages[slugged[0] as Page] : rest) + suffix;
}

/** The path of the same page in `language`; accepts a path in any language (idempotent), keeps query and hash. */
export function localizePath(path: string, language: Language): string {
  const { pathname, suffix } = splitPath(delocalize(path));
  const page = (Object.keys(pages) as Page[]).find((candidate) => pages[candidate] === pathname);
  return (page ? pagePattern(page, language) : `${languagePrefix(language)}${pathname}`) + suffix;
}

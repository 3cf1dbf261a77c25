import { escapeHtml, type Language, languages, pagePath, structuredDataPriceEur } from '@reviewroute/shared/domain';
import { type SitePage } from '../site';

/**
 * Search and share metadata of a public page in one language (issue: title, description, canonical,
 * hreflang alternates, robots, Open Graph, Twitter, structured data). One description, two renderers: the
 * prerender writes it into the static HTML, the browser applies it on client-side navigation.
 */

/** Marks the tags this module manages, so the browser can replace exactly those. */
export const headAttribute = 'data-page-head';

export interface HeadTag {
  tag: 'meta' | 'link' | 'script';
  attributes: Record<string, string>;
  /** Text content (the JSON-LD script). */
  text?: string;
}

export interface PageHead {
  title: string;
  tags: HeadTag[];
}

/** Looks up a key of the marketing namespace (`meta.home.title`, …) in the page's language. */
export type HeadTranslator = (key: string) => string;

const ogLocales: Record<Language, string> = { en: 'en_GB', nl: 'nl_NL' };

/** The share image of a language (1200 × 630, in web/public/og/). */
export const shareImagePath = (language: Language) => `/og/reviewroute-${language}.png`;
export const shareImageSize = { width: 1200, height: 630 } as const;

const meta = (key: 'name' | 'property', name: string, content: string): HeadTag => ({
  tag: 'meta',
  attributes: { [key]: name, content },
});

export interface PageHeadInput {
  page: SitePage;
  language: Language;
  /** `https://host` without a trailing slash. */
  origin: string;
  t: HeadTranslator;
}

export function pageHead({ page, language, origin, t }: PageHeadInput): PageHead {
  const url = (lang: Language) => `${origin}${pagePath(page, lang)}`;
  const title = t(`meta.${page}.title`);
  const description = t(`meta.${page}.description`);
  const image = `${origin}${shareImagePath(language)}`;
  const imageAlt = t('meta.imageAlt');
  const tags: HeadTag[] = [
    meta('name', 'description', description),
    meta('name', 'robots', 'index, follow'),
    { tag: 'link', attributes: { rel: 'canonical', href: url(language) } },
    ...languages.map((lang): HeadTag => ({
      tag: 'link',
      attributes: { rel: 'alternate', hreflang: lang, href: url(lang) },
    })),
    { tag: 'link', attributes: { rel: 'alternate', hreflang: 'x-default', href: url('en') } },
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'ReviewRoute'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url(language)),
    meta('property', 'og:locale', ogLocales[language]),
    ...languages.filter((l) => l !== language).map((l) => meta('property', 'og:locale:alternate', ogLocales[l])),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', String(shareImageSize.width)),
    meta('property', 'og:image:height', String(shareImageSize.height)),
    meta('property', 'og:image:alt', imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', imageAlt),
  ];
  // The Dutch site describes the product as a software application with its price (spec 1).
  if (language === 'nl' && page === 'home') {
    tags.push({
      tag: 'script',
      attributes: { type: 'application/ld+json' },
      text: JSON.stringify({
        '@context': 'https://schema.org',
        '@type': 'SoftwareApplication',
        name: 'ReviewRoute',
        applicationCategory: 'BusinessApplication',
        operatingSystem: 'Web',
        inLanguage: 'nl',
        url: url('nl'),
        image,
        description: t('meta.appDescription'),
        offers: { '@type': 'Offer', price: String(structuredDataPriceEur), priceCurrency: 'EUR' },
      }),
    });
  }
  return { title, tags };
}

/** JSON inside a script element must not close it: `<` is written as its JSON escape. */
const scriptSafeJson = (json: string) => json.replace(/</g, '\\u003c');

/** The head as HTML, for the prerendered page. */
export function headHtml(head: PageHead): string {
  const tags = head.tags.map(({ tag, attributes, text }) => {
    const attrs = Object.entries({ ...attributes, [headAttribute]: '' })
      .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
      .join('');
    return tag === 'script' ? `<script${attrs}>${scriptSafeJson(text ?? '')}</script>` : `<${tag}${attrs}>`;
  });
  return [`<title>${escapeHtml(head.title)}</title>`, ...tags].join('\n    ');
}

/** Replaces the managed tags in the document's head (client-side navigation between pages). */
export function applyHead(head: PageHead, doc: Document = document): void {
  doc.title = head.title;
  for (const element of doc.head.querySelectorAll(`[${headAttribute}]`)) element.remove();
  for (const { tag, attributes, text } of head.tags) {
    const element = doc.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    element.setAttribute(headAttribute, '');
    if (text !== undefined) element.textContent = text;
    doc.head.append(element);
  }
}

import { describe, expect, it } from 'vitest';
import { i18next, initI18n } from '@/lib/i18n';
import { siteVariants } from '../site';
import { applyHead, headAttribute, headHtml, pageHead, type PageHead } from './page-head';

const origin = 'https://reviewroute.example';
const headOf = (page: Parameters<typeof pageHead>[0]['page'], language: 'en' | 'nl'): PageHead => {
  initI18n(language);
  const t = i18next.getFixedT(language, 'marketing');
  return pageHead({ page, language, origin, t: (key) => t(key as never) });
};
const attr = (head: PageHead, match: Record<string, string>, name: string) =>
  head.tags.find((tag) => Object.entries(match).every(([k, v]) => tag.attributes[k] === v))?.attributes[name];

describe('pageHead', () => {
  it('gives every page in every language its own title, description and canonical', () => {
    const titles = new Set<string>();
    for (const { page, language, path } of siteVariants()) {
      const head = headOf(page, language);
      titles.add(head.title);
      expect(attr(head, { rel: 'canonical' }, 'href')).toBe(`${origin}${path}`);
      expect(attr(head, { name: 'description' }, 'content')!.length).toBeGreaterThan(80);
      expect(attr(head, { name: 'robots' }, 'content')).toBe('index, follow');
    }
    expect(titles.size).toBe(siteVariants().length);
  });

  it('links the language twins with hreflang, x-default being English', () => {
    const head = headOf('about', 'nl');
    expect(attr(head, { rel: 'alternate', hreflang: 'en' }, 'href')).toBe(`${origin}/about`);
    expect(attr(head, { rel: 'alternate', hreflang: 'nl' }, 'href')).toBe(`${origin}/nl/over-ons`);
    expect(attr(head, { rel: 'alternate', hreflang: 'x-default' }, 'href')).toBe(`${origin}/about`);
  });

  it('has Open Graph and Twitter tags with the language share image', () => {
    const head = headOf('home', 'nl');
    expect(attr(head, { property: 'og:image' }, 'content')).toBe(`${origin}/og/reviewroute-nl.png`);
    expect(attr(head, { property: 'og:locale' }, 'content')).toBe('nl_NL');
    expect(attr(head, { property: 'og:url' }, 'content')).toBe(`${origin}/nl`);
    expect(attr(head, { name: 'twitter:card' }, 'content')).toBe('summary_large_image');
  });

  it('adds the SoftwareApplication data (49 EUR) to the Dutch home only', () => {
    const data = headOf('home', 'nl').tags.find((tag) => tag.tag === 'script');
    expect(JSON.parse(data!.text!)).toMatchObject({
      '@type': 'SoftwareApplication',
      offers: { price: '49', priceCurrency: 'EUR' },
    });
    expect(headOf('home', 'en').tags.some((tag) => tag.tag === 'script')).toBe(false);
    expect(headOf('about', 'nl').tags.some((tag) => tag.tag === 'script')).toBe(false);
  });

  it('writes escaped HTML, and the browser swaps exactly the tags it manages', () => {
    const head: PageHead = {
      title: 'A & B <c>',
      tags: [
        { tag: 'meta', attributes: { name: 'description', content: '"quoted" & <b>' } },
        { tag: 'script', attributes: { type: 'application/ld+json' }, text: '{"a":"</script>"}' },
      ],
    };
    const html = headHtml(head);
    expect(html).toContain('<title>A &amp; B &lt;c&gt;</title>');
    expect(html).toContain('content="&quot;quoted&quot; &amp; &lt;b&gt;"');
    expect(html).toContain('\\u003c/script>');

    document.head.innerHTML = `<meta name="theme-color" content="#fff"><meta name="robots" content="noindex" ${headAttribute}>`;
    applyHead(headOf('contact', 'en'));
    expect(document.title).toBe('Contact ReviewRoute · We reply within 24 hours');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('index, follow');
    expect(document.head.querySelectorAll('meta[name="robots"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="theme-color"]')).not.toBeNull();
  });
});

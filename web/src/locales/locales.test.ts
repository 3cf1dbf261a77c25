import { describe, expect, it } from 'vitest';
import { resources } from '@/lib/i18n';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((all, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? { ...all, [path]: value } : { ...all, ...flatten(value, path) };
  }, {});
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();

describe('translation catalogues', () => {
  const namespaces = Object.keys(resources.en) as (keyof typeof resources.en)[];

  it('en and nl have the same namespaces', () => {
    expect(Object.keys(resources.nl).sort()).toEqual([...namespaces].sort());
  });

  it.each(namespaces)('%s: same keys, no empty texts, same placeholders and tags', (namespace) => {
    const en = flatten(resources.en[namespace] as Tree);
    const nl = flatten(resources.nl[namespace] as Tree);
    expect(Object.keys(nl).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      expect(text.trim(), `${namespace}:${key} (en)`).not.toBe('');
      expect(nl[key]!.trim(), `${namespace}:${key} (nl)`).not.toBe('');
      expect(placeholders(nl[key]!), `${namespace}:${key}`).toEqual(placeholders(text));
    }
  });

  it('the Dutch catalogue is actually translated', () => {
    const en = namespaces.flatMap((ns) => Object.values(flatten(resources.en[ns] as Tree)));
    const nl = namespaces.flatMap((ns) => Object.values(flatten(resources.nl[ns] as Tree)));
    const same = en.filter((text, i) => text === nl[i]);
    // Brand names, language names and words Dutch borrows (Dashboard, Privacy, Contact) may stay identical.
    expect(same.length / en.length).toBeLessThan(0.1);
  });
});

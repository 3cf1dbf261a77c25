import { describe, expect, it } from 'vitest';
import { resources } from '@/lib/i18n';

/**
 * One capitalisation rule for every text of both catalogues: sentence case ("Buy now", "Edit survey", "Nieuwe
 * enquête maken"). Only a sentence's first word starts with a capital, so a word that starts with a capital
 * after the start must be a proper noun or a brand. A quoted text (“Forgot password?”) starts a sentence of its
 * own; acronyms (QR, CSV, PDF, VAT) are not words in this sense.
 */

/** Names that stay capitalised wherever they stand: brands, products, plans, languages, places, keys. */
const properNouns = new Set([
  'ReviewRoute',
  'Google',
  'Mollie',
  'WebP',
  'KvK',
  'Amazon',
  'Cognito',
  'Safari',
  'Microsoft',
  // The plans (shared/src/domain/plans.ts).
  'Starter',
  'Growth',
  'Enterprise',
  // Languages and countries.
  'English',
  'Dutch',
  'Engels',
  'Nederlands',
  'Nederlandse',
  'Nederland',
  'Netherlands',
  // Days, months, the Enter key.
  'Monday',
  'November',
  'Enter',
  'Utrecht',
]);

/** Proper names of more than one word (an institution, a product, the examples' people and businesses). */
const properPhrases = [
  'Amazon Web Services',
  'Apple Pay',
  'Chamber of Commerce',
  'Kamer van Koophandel',
  'European Union',
  'Europese Unie',
  'Dutch Data Protection Authority',
  'Autoriteit Persoonsgegevens',
  'Google Authenticator',
  'Microsoft Authenticator',
  'Business Profile',
  'Google Business',
  'Corner Bakery',
  'Bakkerij de Hoek',
  'Bakery De Vries',
  'Bakkerij De Vries',
  'Anna de Vries',
  'John Smith',
  'Piet Jansen',
  // The placeholder the owner replaces in the sample e-mail.
  '[Customer Name]',
  '[Naam klant]',
];

type Tree = { [key: string]: string | Tree | Tree[] | string[] };

function texts(tree: unknown, path: string): [string, string][] {
  if (typeof tree === 'string') return [[path, tree]];
  if (Array.isArray(tree)) return tree.flatMap((v, i) => texts(v, `${path}[${i}]`));
  if (tree && typeof tree === 'object') return Object.entries(tree).flatMap(([k, v]) => texts(v, `${path}.${k}`));
  return [];
}

/** A word ends a sentence (or a title's part) when it ends with one of these, closing quotes aside. */
const endsSentence = /[.!?:…]["”’)]*$/;
/** Separators after which a new part starts: a title's dot, an arrow, a dash. */
const separators = new Set(['·', '→', '—', '–', '|']);
const opensQuote = /^["“‘'(«[]*["“‘«]/;

/** The words of a text that start with a capital where sentence case has none, and are no proper noun. */
export function capitalisedWords(text: string): string[] {
  let rest = text.replace(/{{[^}]*}}/g, 'x').replace(/<\/?\w+\s*\/?>/g, '');
  for (const phrase of properPhrases) rest = rest.split(phrase).join('x');
  const parts = rest.split(/(\s+)/);
  const found: string[] = [];
  let start = true;
  for (const part of parts) {
    if (part === '') continue;
    if (/^\s+$/.test(part)) {
      if (part.includes('\n')) start = true;
      continue;
    }
    if (separators.has(part)) {
      start = true;
      continue;
    }
    const word = part.replace(/^["“‘'(«[]+/, '');
    const atStart = start || opensQuote.test(part);
    start = endsSentence.test(part);
    if (atStart || !/^\p{Lu}\p{Ll}/u.test(word)) continue;
    // A compound or possessive of a proper noun: Google-review, ReviewRoute-account, Google's.
    const stem = word.replace(/[’'`]s\b.*$/, '').split(/[-,.;:!?)”"’]/)[0]!;
    if (!properNouns.has(stem)) found.push(word);
  }
  return found;
}

describe('capitalisation: sentence case in both languages', () => {
  it('finds Title Case and leaves sentence case, proper nouns and quoted labels alone', () => {
    expect(capitalisedWords('Edit Survey')).toEqual(['Survey']);
    expect(capitalisedWords('Copy Sample email')).toEqual(['Sample']);
    expect(capitalisedWords('Buy now')).toEqual([]);
    expect(capitalisedWords('View landing page')).toEqual([]);
    expect(capitalisedWords('Share it on Google, ReviewRoute’s QR code or CSV. Then go on.')).toEqual([]);
    expect(capitalisedWords('Choose “Forgot password?” below')).toEqual([]);
    expect(capitalisedWords('Schrijf een Google-review voor {{name}}')).toEqual([]);
    expect(capitalisedWords('ReviewRoute · Turn happy customers')).toEqual([]);
  });

  for (const language of ['en', 'nl'] as const) {
    it(`${language}: every text is in sentence case`, () => {
      const offending = Object.entries(resources[language]).flatMap(([namespace, tree]) =>
        texts(tree as Tree, namespace)
          .map(([key, text]) => ({ key, text, words: capitalisedWords(text) }))
          .filter(({ words }) => words.length > 0)
          .map(({ key, words }) => `${key}: ${words.join(', ')}`),
      );
      expect(offending).toEqual([]);
    });
  }
});

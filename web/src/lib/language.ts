// The zod-free entry: the public survey page uses these rules too and must stay small.
import { defaultLanguage, type Language, languageOfPath, localizePath } from '@reviewroute/shared/domain';

// The path rules themselves (prefix, Dutch slugs) are the page table's, in shared: the router, the prerender and
// the mails read the same table.
export { delocalize, languageOfPath, localizePath } from '@reviewroute/shared/domain';

/**
 * Language and path rules of spec section 2 and decisions 16. Every route exists in English at its plain path and in Dutch
 * under its prefix, some with Dutch slugs (the page table, `@reviewroute/shared`'s `pages`). These functions are
 * pure so the rules are unit-tested here and the router, the switcher and the redirect all agree.
 */

/** The local-storage key holding the visitor's explicit choice (i18next's conventional key). */
export const languageStorageKey = 'i18nextLng';

/** Normalises a stored or declared language tag ('nl-BE', 'en-US', 'NL') to a supported language. */
export function parseLanguage(value: string | null | undefined): Language | undefined {
  if (!value) return undefined;
  const tag = value.trim().toLowerCase();
  if (tag === 'nl' || tag.startsWith('nl-') || tag.startsWith('nl_')) return 'nl';
  if (tag === 'en' || tag.startsWith('en-') || tag.startsWith('en_')) return 'en';
  return undefined;
}

export interface LanguageSignals {
  /** The explicit choice from local storage, raw. */
  stored?: string | null;
  /** navigator.languages (or [navigator.language]). */
  browserLanguages?: readonly string[];
  /** The <html lang> attribute. */
  htmlLang?: string | null;
}

/**
 * The visitor's preferred language apart from the path: the stored choice wins; otherwise the browser
 * (Dutch if any of its languages starts with nl, else English); the html lang only when the browser declares
 * no languages at all; English as the fallback.
 */
export function preferredLanguage({ stored, browserLanguages, htmlLang }: LanguageSignals): Language {
  const choice = parseLanguage(stored);
  if (choice) return choice;
  const browser = (browserLanguages ?? []).filter((l) => l.trim() !== '');
  if (browser.length > 0) return browser.some((l) => l.trim().toLowerCase().startsWith('nl')) ? 'nl' : 'en';
  return parseLanguage(htmlLang) ?? defaultLanguage;
}

/**
 * Where a visitor at `path` must be sent, or undefined to stay (decisions 16). A stored choice (set by the
 * switcher) wins everywhere. Without one, the path's language is honoured: a /nl path stays Dutch in any
 * browser, so a shared Dutch link and every search-engine crawler (which carries no stored choice) reach
 * the Dutch page; an unprefixed path moves to its Dutch twin only when the browser prefers Dutch.
 */
export function languageRedirect(path: string, signals: LanguageSignals): string | undefined {
  const shown = languageOfPath(path);
  const target = parseLanguage(signals.stored) ?? (shown === 'nl' ? 'nl' : preferredLanguage(signals));
  return target === shown ? undefined : localizePath(path, target);
}

/** Reads the signals from the browser, tolerating blocked storage. */
export function browserLanguageSignals(): LanguageSignals {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(languageStorageKey);
  } catch {
    // Storage can be disabled (privacy mode); then there is simply no stored choice.
  }
  const languages = navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
  return { stored, browserLanguages: languages, htmlLang: document.documentElement.getAttribute('lang') };
}

/** Stores the visitor's explicit choice; it wins over the browser language from now on. */
export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(languageStorageKey, language);
  } catch {
    // Without storage the choice still applies to this navigation.
  }
}

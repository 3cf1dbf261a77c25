// The zod-free entry: the public survey page uses these rules too and must stay small.
import { defaultLanguage, type Language } from '@reviewroute/shared/domain';

/**
 * Language and path rules of spec section 2 and decisions 16. Every route exists in English at its plain path and in Dutch
 * under /nl; about and terms have Dutch slugs. These functions are pure so the rules are unit-tested here and
 * the router, the switcher and the redirect all agree.
 */

/** The local-storage key holding the visitor's explicit choice (i18next's conventional key). */
export const languageStorageKey = 'i18nextLng';

export const dutchPrefix = '/nl';

/** English path -> Dutch slug (without the /nl prefix). */
const dutchSlugs: Record<string, string> = { '/about': '/over-ons', '/terms': '/voorwaarden' };
const englishSlugs: Record<string, string> = Object.fromEntries(Object.entries(dutchSlugs).map(([en, nl]) => [nl, en]));

interface SplitPath {
  pathname: string;
  suffix: string;
}

/** Separates `?query#hash` so only the pathname is rewritten. */
function split(path: string): SplitPath {
  const index = path.search(/[?#]/);
  return index === -1 ? { pathname: path, suffix: '' } : { pathname: path.slice(0, index), suffix: path.slice(index) };
}

/** Drops trailing slashes except for the root itself. */
function trimSlash(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** The language a path is shown in: Dutch exactly when it is /nl or starts with /nl/. */
export function languageOfPath(path: string): Language {
  const { pathname } = split(path);
  return pathname === dutchPrefix || pathname.startsWith(`${dutchPrefix}/`) ? 'nl' : 'en';
}

/** The language-neutral (English) path of any path: /nl/over-ons -> /about, /nl -> /, /nl/auth -> /auth. */
export function delocalize(path: string): string {
  const { pathname, suffix } = split(path);
  if (languageOfPath(pathname) === 'en') return trimSlash(pathname) + suffix;
  const rest = trimSlash(pathname.slice(dutchPrefix.length) || '/');
  return (englishSlugs[rest] ?? rest) + suffix;
}

/** The path of the same page in `language`; accepts English or Dutch paths (idempotent). */
export function localizePath(path: string, language: Language): string {
  const english = delocalize(path);
  if (language === 'en') return english;
  const { pathname, suffix } = split(english);
  if (pathname === '/') return dutchPrefix + suffix;
  return dutchPrefix + (dutchSlugs[pathname] ?? pathname) + suffix;
}

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

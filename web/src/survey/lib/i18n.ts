// Relative imports, not the `@/` alias: the surveys Lambda bundles this page's server renderer (server/render.tsx).
import { createContext, useContext } from 'react';
import en from '../../locales/en/survey.json';
import nl from '../../locales/nl/survey.json';
import type { SurveyLanguage } from './path';

/**
 * A ~40-line translator instead of i18next + react-i18next (~15 KB gzip): the page has one namespace, two
 * languages and two features (`{{name}}` interpolation, `_one`/`_other` plurals), all bundled (spec 7: no
 * network call for translations). The catalogues keep i18next's format so the tooling stays the same.
 */
export const catalogues = { en, nl } as const;

type Catalogue = typeof en;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
/** Every key of the catalogue, plural forms under their base key (`rating.star`). */
export type MessageKey =
  Leaves<Catalogue> extends infer K ? (K extends `${infer B}_${'one' | 'other'}` ? B : K) : never;

export type TranslateValues = Record<string, string | number>;
export type Translate = (key: MessageKey, values?: TranslateValues) => string;

function lookup(tree: unknown, key: string): string | undefined {
  let node = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function createTranslator(language: SurveyLanguage): Translate {
  const catalogue = catalogues[language];
  const plurals = new Intl.PluralRules(language);
  return (key, values = {}) => {
    const count = values.count;
    const text =
      (typeof count === 'number'
        ? (lookup(catalogue, `${key}_${plurals.select(count)}`) ?? lookup(catalogue, `${key}_other`))
        : undefined) ??
      lookup(catalogue, key) ??
      lookup(catalogues.en, key) ??
      key;
    return text.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) =>
      values[name] === undefined ? whole : String(values[name]),
    );
  };
}

export interface I18n {
  language: SurveyLanguage;
  t: Translate;
}

export const I18nContext = createContext<I18n>({ language: 'en', t: createTranslator('en') });
export const useI18n = (): I18n => useContext(I18nContext);

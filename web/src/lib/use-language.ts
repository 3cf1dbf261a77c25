import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import { type Language } from '@reviewroute/shared';
import { languageOfPath, localizePath } from './language';

/** The language of the current page: the path decides (spec 2). */
export function useLanguage(): Language {
  return languageOfPath(useLocation().pathname);
}

/** Maps an English app path to the current language's path: `to('/auth')` is `/nl/auth` on Dutch pages. */
export function useLocalizedPath(): (path: string) => string {
  const language = useLanguage();
  return useCallback((path: string) => localizePath(path, language), [language]);
}

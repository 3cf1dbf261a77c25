import { useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { i18next, setDocumentLanguage } from '@/lib/i18n';
import { browserLanguageSignals, languageOfPath, languageRedirect, preferredLanguage } from '@/lib/language';

/**
 * Root of every route. The path decides the shown language; a path that does not match the visitor's
 * preferred language (stored choice, else browser) is replaced by the same page in that language before
 * anything renders (spec 2).
 */
export function LanguageGate() {
  const location = useLocation();
  const language = languageOfPath(location.pathname);
  const target = languageRedirect(location.pathname, preferredLanguage(browserLanguageSignals()));

  // Before paint, so text and <html lang> switch together with the path.
  useLayoutEffect(() => {
    if (target) return;
    if (i18next.language !== language) void i18next.changeLanguage(language);
    setDocumentLanguage(language);
  }, [language, target]);

  if (target) return <Navigate replace to={`${target}${location.search}${location.hash}`} />;
  return <Outlet />;
}

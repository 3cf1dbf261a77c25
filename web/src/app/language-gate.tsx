import { useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { i18next, setDocumentLanguage } from '@/lib/i18n';
import { browserLanguageSignals, languageOfPath, languageRedirect } from '@/lib/language';

/**
 * Root of every route. The path decides the shown language; the rules of decisions 16 (a stored choice
 * wins, a /nl path is otherwise honoured) may replace it by the same page in the other language before
 * anything renders. Prerendering has no visitor, so nothing is redirected there.
 */
export function LanguageGate() {
  const location = useLocation();
  const language = languageOfPath(location.pathname);
  const target =
    typeof window === 'undefined' ? undefined : languageRedirect(location.pathname, browserLanguageSignals());

  // Before paint, so text and <html lang> switch together with the path.
  useLayoutEffect(() => {
    if (target) return;
    if (i18next.language !== language) void i18next.changeLanguage(language);
    setDocumentLanguage(language);
  }, [language, target]);

  // A new page starts at its top (the last one may have been left scrolled down, e.g. at its buttons); going
  // back or forward keeps the browser's own scroll restoration, and a #fragment scrolls to its target.
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP' && !location.hash) window.scrollTo({ top: 0 });
  }, [location.pathname, location.hash, navigationType]);

  if (target) return <Navigate replace to={`${target}${location.search}${location.hash}`} />;
  return <Outlet />;
}

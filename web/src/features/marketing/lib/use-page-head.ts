import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/use-language';
import { type SitePage } from '../site';
import { applyHead, headAttribute, pageHead } from './page-head';

/**
 * Keeps the document's title and search/share tags in step with the shown public page. The prerendered
 * HTML already carries them; this covers navigation inside the app and the development server.
 */
export function usePageHead(page: SitePage): void {
  const language = useLanguage();
  const { t } = useTranslation('marketing');
  useEffect(() => {
    applyHead(pageHead({ page, language, origin: window.location.origin, t: (key) => t(key as never) }));
    // Owner pages are not public pages: their tags go when the visitor moves on.
    return () => document.head.querySelectorAll(`[${headAttribute}]`).forEach((element) => element.remove());
  }, [page, language, t]);
}

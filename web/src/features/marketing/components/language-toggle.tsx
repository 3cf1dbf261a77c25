import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { languages } from '@reviewroute/shared/domain';
import { LanguageFlag } from '@/components/language-flag';
import { localizePath, storeLanguage } from '@/lib/language';
import { useLanguage } from '@/lib/use-language';
import { cn } from '@/lib/utils';

/**
 * The public pages' language switcher: a link to this page in each language. Choosing one stores the choice
 * (it wins from then on, decisions 16), and as plain links with hreflang they also lead crawlers to the other
 * language. Lighter than the owner app's menu, which the public pages do not load.
 */
export function LanguageToggle() {
  const { t } = useTranslation(['marketing', 'common']);
  const current = useLanguage();
  const { pathname, search, hash } = useLocation();
  return (
    <nav aria-label={t('nav.language')}>
      <ul className="bg-muted flex rounded-md p-0.5 text-xs font-semibold">
        {languages.map((language) => (
          <li key={language}>
            <Link
              to={localizePath(`${pathname}${search}${hash}`, language)}
              lang={language}
              hrefLang={language}
              aria-current={language === current ? 'true' : undefined}
              onClick={() => storeLanguage(language)}
              className={cn(
                // Phones show the flags only (the code would push the header wider than the screen); the
                // language's name stays for screen readers.
                'flex h-7 items-center gap-1.5 rounded px-1.5 transition-colors sm:px-2',
                language === current
                  ? 'bg-background text-foreground shadow-xs'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              <LanguageFlag language={language} />
              <span className="hidden sm:inline">{language.toUpperCase()}</span>
              <span className="sr-only"> {t(`common:language.${language}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

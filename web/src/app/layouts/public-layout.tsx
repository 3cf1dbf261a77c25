import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { useLocalizedPath } from '@/lib/use-language';

/** Header and footer shared by the public pages (spec 2 "Other"). */
export function PublicLayout() {
  const { t } = useTranslation('common');
  const to = useLocalizedPath();
  const year = new Date().getFullYear();
  return (
    <div className="flex min-h-svh flex-col">
      <a
        href="#main"
        className="focus:bg-background sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:px-3 focus:py-2 focus:shadow"
      >
        {t('skipToContent')}
      </a>
      <header className="bg-background/95 sticky top-0 z-40 border-b backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4">
          <Link to={to('/')} aria-label={t('nav.homeLink')} className="rounded-md">
            <Logo />
          </Link>
          <nav aria-label={t('nav.main')} className="flex items-center gap-1 sm:gap-2">
            <Button asChild variant="ghost" size="sm">
              <Link to={to('/auth')}>{t('nav.login')}</Link>
            </Button>
            <Button asChild size="sm" className="hidden sm:inline-flex">
              <Link to={to('/auth')}>{t('nav.startTrial')}</Link>
            </Button>
            <LanguageSwitcher />
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <footer className="bg-muted/40 border-t">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between">
          <div className="space-y-1">
            <Logo />
            <p className="text-muted-foreground text-sm">{t('footer.tagline')}</p>
          </div>
          <nav aria-label={t('nav.footer')}>
            <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
              <li>
                <Link className="hover:underline" to={to('/about')}>
                  {t('nav.about')}
                </Link>
              </li>
              <li>
                <Link className="hover:underline" to={to('/privacy')}>
                  {t('nav.privacy')}
                </Link>
              </li>
              <li>
                <Link className="hover:underline" to={to('/contact')}>
                  {t('nav.contact')}
                </Link>
              </li>
              <li>
                <Link className="hover:underline" to={to('/terms')}>
                  {t('nav.terms')}
                </Link>
              </li>
            </ul>
          </nav>
        </div>
        <p className="text-muted-foreground mx-auto max-w-6xl px-4 pb-6 text-xs">{t('footer.copyright', { year })}</p>
      </footer>
    </div>
  );
}

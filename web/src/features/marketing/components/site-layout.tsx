import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { signInPath } from '@/lib/auth-paths';
import { useLocalizedPath } from '@/lib/use-language';
import { homeSections } from '../site';
import { LanguageToggle } from './language-toggle';

const sectionLabels = {
  'how-it-works': 'nav.howItWorks',
  benefits: 'nav.benefits',
  pricing: 'nav.pricing',
} as const;

/**
 * Who the header serves: the public pages know no session (they never load the owner app's auth code), so
 * they offer log in and the trial; the owner app's routes in this layout (/payments) pass the session's state.
 */
export type SiteSession = 'loading' | 'signedIn' | 'signedOut';

interface SiteLayoutProps {
  session?: SiteSession;
}

/** Header and footer of every public page (spec 2 "Home" header, "Other": shared on public pages). */
export function SiteLayout({ session = 'signedOut' }: SiteLayoutProps) {
  const { t } = useTranslation(['common', 'marketing']);
  const to = useLocalizedPath();
  const home = to('/');
  const onHome = useLocation().pathname === home;
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
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:px-4">
          <Link to={home} aria-label={t('nav.homeLink')} className="rounded-md">
            {/* Tighter on phones, where the header's parts just fit side by side. The wider dashboard button
                leaves the smallest phones no room for the word: a signed-in owner knows the mark (the owner
                app's header shows it alone on phones too), and screen readers still get the name. */}
            <Logo
              className="gap-1.5 sm:gap-2"
              wordClassName={session === 'signedIn' ? 'max-[359px]:sr-only' : undefined}
            />
          </Link>
          {/* Desktop only: the sections of the home page, reachable from every public page. */}
          <nav aria-label={t('marketing:nav.sections')} className="hidden md:block">
            <ul className="flex items-center gap-1">
              {homeSections.map((section) => (
                <li key={section}>
                  <a
                    href={onHome ? `#${section}` : `${home}#${section}`}
                    className="text-muted-foreground hover:text-foreground hover:bg-accent rounded-md px-3 py-2 text-sm font-medium transition-colors"
                  >
                    {t(`marketing:${sectionLabels[section]}`)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex items-center gap-1 sm:gap-2">
            <nav aria-label={t('nav.main')} className="flex items-center gap-1 sm:gap-2">
              {session === 'signedIn' ? (
                // A signed-in owner's way back into the app, in place of log in and the trial.
                <Button asChild size="sm" className="px-2.5 sm:px-3">
                  <Link to={to('/dashboard')}>{t('nav.dashboard')}</Link>
                </Button>
              ) : session === 'signedOut' ? (
                <>
                  <Button asChild variant="ghost" size="sm" className="px-2 sm:px-3">
                    {/* Log in opens the auth page's sign-in tab; start-trial opens on sign-up. */}
                    <Link to={to(signInPath)}>{t('nav.login')}</Link>
                  </Button>
                  <Button asChild size="sm" className="hidden sm:inline-flex">
                    <Link to={to('/auth')}>{t('nav.startTrial')}</Link>
                  </Button>
                </>
              ) : null}
            </nav>
            <LanguageToggle />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <footer className="bg-muted/40 border-t">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-start sm:justify-between">
          <div className="max-w-xs space-y-2">
            <Logo />
            <p className="text-muted-foreground text-sm">{t('footer.tagline')}</p>
          </div>
          <nav aria-label={t('nav.footer')}>
            <ul className="flex flex-wrap gap-x-6 gap-y-3 text-sm">
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
        <p className="text-muted-foreground mx-auto max-w-6xl px-4 pb-8 text-xs">{t('footer.copyright', { year })}</p>
      </footer>
    </div>
  );
}

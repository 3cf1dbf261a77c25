import { useTranslation } from 'react-i18next';
import { Link, Outlet, useMatches } from 'react-router-dom';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Logo } from '@/components/logo';
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from '@/components/ui/breadcrumb';
import { Separator } from '@/components/ui/separator';
import { getSidebarStateFromCookie, SidebarInset, SidebarProvider, SidebarTrigger } from '@/components/ui/sidebar';
import { useLocalizedPath } from '@/lib/use-language';
import { AccountMenu } from './account-menu';
import { AppSidebar } from './app-sidebar';
import { TrialBadge } from './trial-badge';

export type DashboardCrumb = 'dashboard' | 'account' | 'surveySetup' | 'inbox' | 'reviewRequests';

export interface DashboardRouteHandle {
  crumb: DashboardCrumb;
}

const crumbKeys = {
  dashboard: 'title',
  account: 'account.title',
  surveySetup: 'surveySetup.title',
  inbox: 'inboxNav.title',
  reviewRequests: 'requests:title',
} as const;

/** Shell of the signed-in pages: sidebar, header (trigger, breadcrumb, plan badge, language, account menu), main. */
export function DashboardLayout() {
  const { t } = useTranslation(['dashboard', 'requests']);
  const to = useLocalizedPath();
  const matches = useMatches();
  const crumb = matches
    .map((match) => (match.handle as DashboardRouteHandle | undefined)?.crumb)
    .filter((c): c is DashboardCrumb => Boolean(c))
    .at(-1);

  // The sidebar component keeps its state for 7 days in the sidebar_state cookie.
  return (
    <SidebarProvider defaultOpen={getSidebarStateFromCookie()}>
      <AppSidebar />
      {/* SidebarInset is shadcn's <main> landmark, so the content inside it is a plain container. */}
      <SidebarInset id="main">
        <header className="bg-background sticky top-0 z-10 flex h-16 shrink-0 items-center gap-2 border-b px-4">
          <SidebarTrigger className="-ml-1" label={t('sidebar.toggle')} title={t('sidebar.toggle')} />
          {/* Below md the sidebar is a closed sheet, so the header carries the logo (the sidebar's own is hidden). */}
          <Link
            to={to('/dashboard')}
            className="focus-visible:ring-ring/50 shrink-0 rounded-lg outline-none focus-visible:ring-[3px] md:hidden"
          >
            <Logo wordClassName="max-sm:sr-only" />
          </Link>
          <Separator orientation="vertical" className="mr-2 data-[orientation=vertical]:h-4 max-sm:hidden" />
          {/*
            On phones every page's heading sits right below and says the same: the crumb yields its room to the
            logo and the plan badge. Elsewhere it truncates rather than running under the badge.
          */}
          <Breadcrumb aria-label={t('breadcrumb')} className="min-w-0 flex-1 max-sm:sr-only">
            <BreadcrumbList className="flex-nowrap">
              {crumb && crumb !== 'dashboard' ? (
                <>
                  <BreadcrumbItem className="shrink-0">
                    <BreadcrumbLink asChild>
                      <Link to={to('/dashboard')}>{t('title')}</Link>
                    </BreadcrumbLink>
                  </BreadcrumbItem>
                  <BreadcrumbSeparator />
                  <BreadcrumbItem className="min-w-0">
                    <BreadcrumbPage className="truncate">{t(crumbKeys[crumb])}</BreadcrumbPage>
                  </BreadcrumbItem>
                </>
              ) : (
                <BreadcrumbItem>
                  <BreadcrumbPage>{t('title')}</BreadcrumbPage>
                </BreadcrumbItem>
              )}
            </BreadcrumbList>
          </Breadcrumb>
          <div className="ml-auto flex shrink-0 items-center gap-1">
            <TrialBadge />
            <LanguageSwitcher compact />
            <AccountMenu />
          </div>
        </header>
        <div className="flex flex-1 flex-col gap-4 p-4 md:p-6">
          <Outlet />
        </div>
      </SidebarInset>
    </SidebarProvider>
  );
}

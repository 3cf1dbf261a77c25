import { Inbox, LayoutDashboard, Plus, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Logo } from '@/components/logo';
import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  useSidebar,
} from '@/components/ui/sidebar';
import { delocalize } from '@/lib/language';
import { reviewRequestsPathFor, surveySearchParam } from '@/lib/survey-selection';
import { pagePath } from '@reviewroute/shared/domain';
import { useLocalizedPath } from '@/lib/use-language';
import { stepAtPath } from '@/features/survey-wizard/steps';
import { SidebarSurveys } from './sidebar-surveys';

/** The inbox of the survey the page shows (the dashboard's `?survey=`), else the inbox picks one. */
const inboxPath = (surveyId: string | null) =>
  pagePath('inbox', 'en', { query: { [surveySearchParam]: surveyId ?? undefined } });

/** The dashboard sidebar: collapsible to icons; navigation and the owner's surveys. */
export function AppSidebar() {
  const { t } = useTranslation(['dashboard', 'requests']);
  const to = useLocalizedPath();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  // Create is where the wizard is on a new survey; a survey being edited is highlighted in the list instead.
  const creating = stepAtPath(delocalize(pathname)) !== undefined && !params.get(surveySearchParam);
  const { isMobile, setOpenMobile } = useSidebar();
  // On phones the sidebar is a sheet over the page: following a link should reveal the page.
  const closeOnMobile = () => {
    if (isMobile) setOpenMobile(false);
  };
  return (
    <Sidebar
      collapsible="icon"
      mobileTitle={t('sidebar.mobileTitle')}
      mobileDescription={t('sidebar.mobileDescription')}
    >
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton asChild size="lg" tooltip={t('sidebar.dashboard')}>
              <Link to={to('/dashboard')} onClick={closeOnMobile}>
                <Logo />
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label={t('sidebar.navLabel')}>
          <SidebarGroup>
            <SidebarGroupContent>
              <SidebarMenu>
                <SidebarMenuItem>
                  <SidebarMenuButton asChild isActive={pathname === to('/dashboard')} tooltip={t('sidebar.dashboard')}>
                    <Link to={to('/dashboard')} onClick={closeOnMobile}>
                      <LayoutDashboard aria-hidden="true" />
                      <span>{t('sidebar.dashboard')}</span>
                    </Link>
                  </SidebarMenuButton>
                </SidebarMenuItem>
                <SidebarMenuItem>
                  <SidebarMenuButton asChild isActive={pathname === to('/inbox')} tooltip={t('inboxNav.title')}>
                    <Link to={to(inboxPath(params.get(surveySearchParam)))} onClick={closeOnMobile}>
                      <Inbox aria-hidden="true" />
                      <span>{t('inboxNav.title')}</span>
                    </Link>
                  </SidebarMenuButton>
                </SidebarMenuItem>
                <SidebarMenuItem>
                  <SidebarMenuButton
                    asChild
                    isActive={pathname === to('/review-requests')}
                    tooltip={t('requests:title')}
                  >
                    {/* The survey the page shows stays selected: the dashboard's, or the one named in the address. */}
                    <Link to={to(reviewRequestsPathFor(params.get(surveySearchParam)))} onClick={closeOnMobile}>
                      <Send aria-hidden="true" />
                      <span>{t('requests:title')}</span>
                    </Link>
                  </SidebarMenuButton>
                </SidebarMenuItem>
                <SidebarMenuItem>
                  <SidebarMenuButton asChild isActive={creating} tooltip={t('sidebar.createSurvey')}>
                    <Link to={to('/survey-setup')} onClick={closeOnMobile}>
                      <Plus aria-hidden="true" />
                      <span>{t('sidebar.createSurvey')}</span>
                    </Link>
                  </SidebarMenuButton>
                </SidebarMenuItem>
              </SidebarMenu>
            </SidebarGroupContent>
          </SidebarGroup>
          <SidebarGroup>
            <SidebarGroupLabel>{t('sidebar.surveys')}</SidebarGroupLabel>
            <SidebarGroupContent className="group-data-[collapsible=icon]:hidden">
              <SidebarSurveys onNavigate={closeOnMobile} />
            </SidebarGroupContent>
          </SidebarGroup>
        </nav>
      </SidebarContent>
      <SidebarRail label={t('sidebar.toggle')} />
    </Sidebar>
  );
}

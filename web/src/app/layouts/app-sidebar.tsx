import { LayoutDashboard, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
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
import { useLocalizedPath } from '@/lib/use-language';
import { SidebarSurveys } from './sidebar-surveys';

/** The dashboard sidebar: collapsible to icons; navigation and the owner's surveys. */
export function AppSidebar() {
  const { t } = useTranslation('dashboard');
  const to = useLocalizedPath();
  const { pathname } = useLocation();
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
                  <SidebarMenuButton
                    asChild
                    isActive={pathname === to('/survey-setup')}
                    tooltip={t('sidebar.createSurvey')}
                  >
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

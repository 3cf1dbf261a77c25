import { SiteLayout } from '@/features/marketing/components/site-layout';
import { useSession } from '@/lib/auth-session';

/**
 * The public site's header and footer around an owner-app page that visitors may see too (/payments): it
 * reads the session, which the public pages' own layout must not (they load no auth code), so a signed-in
 * owner is offered the way back into the app instead of log in and the trial.
 */
export function OwnerSiteLayout() {
  return <SiteLayout session={useSession().status} />;
}

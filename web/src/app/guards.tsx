import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { FullPageLoader } from '@/components/full-page-loader';
import { useSession } from '@/lib/auth-session';
import { useLocalizedPath } from '@/lib/use-language';
import { signInPath } from '@/lib/auth-paths';
import { RecordInterfaceLanguage } from './record-interface-language';

/**
 * /dashboard, /account and the wizard: signed-out visitors go to the localized /auth, on its sign-in tab (spec 6);
 * a signed-in owner's interface language is recorded for their mails.
 */
export function RequireAuth() {
  const { status } = useSession();
  const to = useLocalizedPath();
  const location = useLocation();
  if (status === 'loading') return <FullPageLoader />;
  if (status === 'signedOut') return <Navigate replace to={to(signInPath)} state={{ from: location.pathname }} />;
  return (
    <>
      <RecordInterfaceLanguage />
      <Outlet />
    </>
  );
}

import { useSession } from '@/lib/auth-session';
import { EmailChangeCard } from '../security/email-change-card';
import { PasswordResetCard } from '../security/password-reset-card';
import { TwoFactorCard } from '../security/two-factor-card';

/** The account page's security tab: e-mail change, password reset by code and optional TOTP two-factor sign-in. */
export function SecurityTab() {
  const { user } = useSession();
  // The page is guarded: a session exists whenever the tab renders.
  if (!user) return <></>;
  return (
    <div className="grid gap-6">
      <EmailChangeCard currentEmail={user.email} userId={user.userId} />
      <PasswordResetCard email={user.email} />
      <TwoFactorCard userId={user.userId} email={user.email} />
    </div>
  );
}

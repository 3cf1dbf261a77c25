import { LogOut, Settings } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { signOut } from 'aws-amplify/auth';
import { toast } from 'sonner';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { clearSession, useSession } from '@/lib/auth-session';
import { useMe } from '@/features/dashboard/api/get-me';
import { useLocalizedPath } from '@/lib/use-language';
import { signInPath } from '@/lib/auth-paths';

/** Header account menu: who is signed in (as the API reports it), settings, sign out. */
export function AccountMenu() {
  const { t } = useTranslation(['dashboard', 'auth', 'errors']);
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const me = useMe();
  const [signingOut, setSigningOut] = useState(false);
  const email = me.data?.email ?? user?.email ?? '';

  const handleSignOut = async () => {
    setSigningOut(true);
    try {
      await signOut();
      clearSession(queryClient);
      toast.success(t('auth:toasts.signedOut'));
      await navigate(to(signInPath), { replace: true });
    } catch {
      toast.error(t('errors:unexpected'));
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full" aria-label={t('accountMenu.trigger')}>
          <Avatar className="size-8">
            <AvatarFallback aria-hidden="true" className="bg-primary text-primary-foreground text-sm font-medium">
              {(email[0] ?? '?').toUpperCase()}
            </AvatarFallback>
          </Avatar>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="font-normal">
          <span className="text-muted-foreground block text-xs">{t('accountMenu.signedInAs')}</span>
          <span className="block truncate text-sm font-medium" data-testid="account-email">
            {email}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate(to('/account'))}>
          <Settings aria-hidden="true" />
          {t('accountMenu.settings')}
        </DropdownMenuItem>
        <DropdownMenuItem disabled={signingOut} onSelect={() => void handleSignOut()}>
          <LogOut aria-hidden="true" />
          {t('accountMenu.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { FullPageLoader } from '@/components/full-page-loader';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Logo } from '@/components/logo';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { authTabParam, signInTabValue } from '@/lib/auth-paths';
import { refreshSession, useSession } from '@/lib/auth-session';
import { useLocalizedPath } from '@/lib/use-language';
import { ConfirmSignUpForm } from '../components/confirm-sign-up-form';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { SignInForm } from '../components/sign-in-form';
import { SignUpForm } from '../components/sign-up-form';
import { TermsNotice } from '../components/terms-notice';
import { RecoverySignInForm } from '../components/recovery-sign-in-form';
import { TotpSignInForm } from '../components/totp-sign-in-form';

type AuthTab = 'sign-up' | 'sign-in';

/** Where an owner who signed in with a recovery code sets two-step verification up again. */
const securityTab = '/account?tab=security';

/**
 * An address waiting for its code, whether sign-up or a sign-in brought the owner to the code step, and the
 * password that sign-in was tried with (React state only, gone with the step or the tab), so confirming signs in.
 */
interface PendingConfirmation {
  email: string;
  reason: 'signUp' | 'signIn';
  password?: string;
}

/**
 * A step of the sign-in tab that replaces its form: the TOTP code, a recovery code instead (with the address and
 * password the sign-in was tried with, React state only), or "Forgot password?".
 */
type SignInStep =
  { kind: 'totp' | 'recovery'; email: string; password: string } | { kind: 'forgotPassword'; email: string };

/**
 * /auth: sign-up (default) and sign-in (`?tab=signin`) tabs, with the e-mail confirmation step in between (spec 2,
 * decisions 4). The tab lives in the URL, so a link, a reload and the language switcher keep it.
 */
export function AuthPage() {
  const { t } = useTranslation(['auth', 'common']);
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: AuthTab = searchParams.get(authTabParam) === signInTabValue ? 'sign-in' : 'sign-up';
  useDocumentTitle(tab === 'sign-in' ? t('tabs.signIn') : t('tabs.signUp'));
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { status } = useSession();
  const [pending, setPending] = useState<PendingConfirmation | null>(null);
  const [signInEmail, setSignInEmail] = useState('');
  const [signInStep, setSignInStep] = useState<SignInStep | null>(null);
  // Signing in right after confirming the address is the owner's first visit: welcome, not "welcome back".
  const [justConfirmed, setJustConfirmed] = useState(false);
  // Where a session leads: the dashboard, or the security tab after a recovery code turned two-step verification off.
  const [landing, setLanding] = useState('/dashboard');

  if (status === 'loading') return <FullPageLoader />;
  // A visitor who already has a session goes straight on (the session known, this page renders this first).
  if (status === 'signedIn') return <Navigate replace to={to(landing)} />;

  const setTab = (next: AuthTab) =>
    setSearchParams(next === 'sign-in' ? { [authTabParam]: signInTabValue } : {}, { replace: true });

  const goToSignIn = (email: string) => {
    setPending(null);
    setSignInStep(null);
    setSignInEmail(email);
    setTab('sign-in');
  };

  const handleSignedIn = async (firstSignIn = justConfirmed) => {
    await refreshSession(queryClient);
    toast.success(t('toasts.signedIn'), {
      description: t(firstSignIn ? 'toasts.firstSignInDescription' : 'toasts.signedInDescription'),
    });
    await navigate(to('/dashboard'), { replace: true });
  };

  // Signed in with a recovery code: two-step verification is off, so the owner goes to set it up again.
  const handleRecovered = async () => {
    setLanding(securityTab);
    await refreshSession(queryClient);
    toast.success(t('recovery.signedIn'), { description: t('recovery.signedInDescription') });
    await navigate(to(securityTab), { replace: true });
  };

  // Confirmed in this tab: signed in already, on to the dashboard (decisions 4). Otherwise (confirmed late, the
  // sign-in did not go through) the sign-in tab with the address filled in.
  const handleConfirmed = async (email: string, signedIn: boolean) => {
    if (signedIn) return handleSignedIn(true);
    toast.success(t('toasts.confirmed'), { description: t('toasts.confirmedDescription') });
    setJustConfirmed(true);
    goToSignIn(email);
  };

  return (
    <div className="bg-muted/40 flex min-h-svh flex-col">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between gap-2 px-4 py-4">
        <Link to={to('/')} aria-label={t('common:nav.homeLink')} className="rounded-md">
          <Logo />
        </Link>
        <LanguageSwitcher />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:pt-10">
        <div className="grid w-full max-w-md gap-6">
          <div className="text-center">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
            <p className="text-muted-foreground mt-2 text-sm">{t('subtitle')}</p>
          </div>
          <Card>
            <CardContent>
              {signInStep?.kind === 'totp' ? (
                <TotpSignInForm
                  onSignedIn={() => handleSignedIn()}
                  onBack={() => setSignInStep(null)}
                  onUseRecoveryCode={() => setSignInStep({ ...signInStep, kind: 'recovery' })}
                />
              ) : signInStep?.kind === 'recovery' ? (
                <RecoverySignInForm
                  email={signInStep.email}
                  password={signInStep.password}
                  onSignedIn={handleRecovered}
                  onBack={() => setSignInStep({ ...signInStep, kind: 'totp' })}
                />
              ) : signInStep?.kind === 'forgotPassword' ? (
                <ForgotPasswordForm
                  defaultEmail={signInStep.email}
                  onReset={goToSignIn}
                  onBack={() => setSignInStep(null)}
                />
              ) : pending ? (
                <ConfirmSignUpForm
                  email={pending.email}
                  reason={pending.reason}
                  password={pending.password}
                  onConfirmed={handleConfirmed}
                  onSignInInstead={goToSignIn}
                  onBack={() => setPending(null)}
                />
              ) : (
                <Tabs value={tab} onValueChange={(value) => setTab(value as AuthTab)}>
                  <TabsList className="mb-4 grid w-full grid-cols-2">
                    <TabsTrigger value="sign-up">{t('tabs.signUp')}</TabsTrigger>
                    <TabsTrigger value="sign-in">{t('tabs.signIn')}</TabsTrigger>
                  </TabsList>
                  <TabsContent value="sign-up">
                    <CardHeader className="mb-4 px-0">
                      <CardTitle>
                        <h2>{t('signUp.title')}</h2>
                      </CardTitle>
                      <CardDescription>{t('signUp.description')}</CardDescription>
                    </CardHeader>
                    <SignUpForm
                      onNeedsConfirmation={(email) => setPending({ email, reason: 'signUp' })}
                      onConfirmed={goToSignIn}
                      onSignInInstead={goToSignIn}
                    />
                  </TabsContent>
                  <TabsContent value="sign-in">
                    <CardHeader className="mb-4 px-0">
                      <CardTitle>
                        <h2>{t('signIn.title')}</h2>
                      </CardTitle>
                      <CardDescription>{t('signIn.description')}</CardDescription>
                    </CardHeader>
                    <SignInForm
                      key={signInEmail}
                      defaultEmail={signInEmail}
                      onNeedsConfirmation={(email, password) => setPending({ email, reason: 'signIn', password })}
                      onSignedIn={() => handleSignedIn()}
                      onNeedsTotp={(email, password) => setSignInStep({ kind: 'totp', email, password })}
                      onForgotPassword={(email) => setSignInStep({ kind: 'forgotPassword', email })}
                    />
                  </TabsContent>
                </Tabs>
              )}
            </CardContent>
          </Card>
          <TermsNotice />
        </div>
      </main>
    </div>
  );
}

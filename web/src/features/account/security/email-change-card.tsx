import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { confirmUserAttribute, fetchAuthSession, sendUserAttributeVerificationCode } from 'aws-amplify/auth';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmailField, InputField } from '@/components/input-field';
import { OneTimeCodeField } from '@/components/one-time-code-field';
import { authErrorText } from '@/lib/auth-error-text';
import { refreshSession, sessionQueryKey } from '@/lib/auth-session';
import { type CodeForm, codeSchema } from '@/lib/password-reset';
import { useStartEmailChange } from '../api/security';
import { showProofError, useFocusAfterSubmit } from './proof-error';
import { type EmailChange, emailChangeSchema, sameAddress } from './schemas';
import { SecondStepCodeField } from './second-step-code-field';
import { useTotpEnabled } from './use-mfa-preference';

/**
 * E-mail change (spec 2 "Account"): the API checks the password, and with two-step verification on a code, with
 * Cognito and starts the change (the old address is told); Cognito mails a code to the new address and keeps the old
 * one as the sign-in address until the code is confirmed; then the session's tokens are refreshed so the app shows
 * the new address.
 */
export function EmailChangeCard({ currentEmail, userId }: { currentEmail: string; userId: string }) {
  const { t } = useTranslation(['security', 'auth', 'errors']);
  const [pending, setPending] = useState<string | null>(null);
  const withCode = useTotpEnabled(userId).data === true;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{t('security:email.title')}</h2>
        </CardTitle>
        <CardDescription>{t('security:email.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {pending ? (
          <ConfirmEmailForm
            newEmail={pending}
            currentEmail={currentEmail}
            onDone={() => setPending(null)}
            onCancel={() => setPending(null)}
          />
        ) : (
          <NewEmailForm
            key={`${currentEmail}/${withCode}`}
            currentEmail={currentEmail}
            withCode={withCode}
            onCodeSent={setPending}
          />
        )}
      </CardContent>
    </Card>
  );
}

interface NewEmailFormProps {
  currentEmail: string;
  /** Two-step verification is on: the proof takes a code (or a recovery code) as well. */
  withCode: boolean;
  onCodeSent: (email: string) => void;
}

function NewEmailForm({ currentEmail, withCode, onCodeSent }: NewEmailFormProps) {
  const { t } = useTranslation(['security', 'auth', 'errors']);
  const start = useStartEmailChange();
  const {
    register,
    handleSubmit,
    control,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<EmailChange>({
    resolver: zodResolver(emailChangeSchema(t, withCode)),
    defaultValues: { email: currentEmail, password: '', code: '' },
  });
  const email = useWatch({ control, name: 'email' });
  const unchanged = sameAddress(email ?? '', currentEmail);
  const focusAfterSubmit = useFocusAfterSubmit(isSubmitting, setFocus);

  const submit = async ({ email, password, code }: EmailChange) => {
    if (sameAddress(email, currentEmail)) return;
    try {
      const { destination } = await start.mutateAsync({
        password,
        newEmail: email,
        ...(withCode && code ? { code } : {}),
      });
      toast.success(t('security:toasts.emailCodeSent'), {
        description: t('security:toasts.emailCodeSentDescription', { email: destination }),
      });
      onCodeSent(email);
    } catch (caught) {
      showProofError(
        caught,
        t,
        withCode ? ['password', 'email', 'code'] : ['password', 'email'],
        setError,
        focusAfterSubmit,
      );
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-4">
      <EmailField
        id="security-email"
        label={t('security:email.new')}
        error={errors.email?.message}
        disabled={isSubmitting}
        {...register('email')}
      />
      <InputField
        id="security-email-password"
        label={t('security:email.password')}
        help={t('security:email.passwordHelp')}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        disabled={isSubmitting}
        {...register('password')}
      />
      {withCode && (
        <SecondStepCodeField
          id="security-email-second-step"
          error={errors.code?.message}
          disabled={isSubmitting}
          {...register('code')}
        />
      )}
      {errors.root?.message && (
        <p role="alert" className="text-destructive text-sm">
          {errors.root.message}
        </p>
      )}
      <div>
        <Button type="submit" disabled={unchanged || isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting && <Loader2 aria-hidden="true" className="animate-spin" />}
          {isSubmitting ? t('security:email.submitting') : t('security:email.submit')}
        </Button>
      </div>
    </form>
  );
}

interface ConfirmEmailFormProps {
  newEmail: string;
  currentEmail: string;
  onDone: () => void;
  onCancel: () => void;
}

function ConfirmEmailForm({ newEmail, currentEmail, onDone, onCancel }: ConfirmEmailFormProps) {
  const { t } = useTranslation(['security', 'auth', 'errors']);
  const queryClient = useQueryClient();
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CodeForm>({ resolver: zodResolver(codeSchema(t)), defaultValues: { code: '' } });
  const busy = isSubmitting || resending;

  const submit = async ({ code }: CodeForm) => {
    try {
      await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code });
    } catch (caught) {
      toast.error(t('security:toasts.emailFailed'), { description: authErrorText(caught, 'confirmEmail') });
      return;
    }
    // New tokens carry the new address; the API reads it from the ID token, so everything fetched with the old
    // token (the header's account, among others) is fetched again.
    await fetchAuthSession({ forceRefresh: true }).catch(() => undefined);
    await refreshSession(queryClient);
    await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
    toast.success(t('security:toasts.emailUpdated'), {
      description: t('security:toasts.emailUpdatedDescription', { email: newEmail }),
    });
    onDone();
  };

  const resend = async () => {
    setResending(true);
    try {
      await sendUserAttributeVerificationCode({ userAttributeKey: 'email' });
      toast.success(t('security:toasts.emailCodeSent'), {
        description: t('security:toasts.emailCodeSentDescription', { email: newEmail }),
      });
    } catch (caught) {
      toast.error(t('security:toasts.emailFailed'), { description: authErrorText(caught, 'confirmEmail') });
    } finally {
      setResending(false);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-4" aria-labelledby="security-email-code-title">
      <div className="grid gap-1">
        <h3 id="security-email-code-title" className="font-medium">
          {t('security:email.codeTitle')}
        </h3>
        <p className="text-muted-foreground text-sm" data-testid="email-code-description">
          <Trans
            t={t}
            i18nKey="security:email.codeDescription"
            values={{ email: newEmail, current: currentEmail }}
            components={{ strong: <strong className="text-foreground break-words" /> }}
          />
        </p>
      </div>
      <OneTimeCodeField
        appearance="inline"
        id="security-email-code"
        label={t('security:email.code')}
        error={errors.code?.message}
        autoFocus
        disabled={busy}
        {...register('code')}
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button type="submit" disabled={busy} aria-busy={isSubmitting}>
          {isSubmitting && <Loader2 aria-hidden="true" className="animate-spin" />}
          {isSubmitting ? t('security:email.confirming') : t('security:email.confirm')}
        </Button>
        <Button type="button" variant="outline" onClick={() => void resend()} disabled={busy}>
          {resending && <Loader2 aria-hidden="true" className="animate-spin" />}
          {resending ? t('security:email.resending') : t('security:email.resend')}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
          {t('security:email.cancel')}
        </Button>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { fetchAuthSession } from 'aws-amplify/auth';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmailField, InputField } from '@/components/input-field';
import { OneTimeCodeField } from '@/components/one-time-code-field';
import { ApiError } from '@/lib/api-client';
import { refreshSession, sessionQueryKey } from '@/lib/auth-session';
import { useConfirmEmailChange, useStartEmailChange } from '../api/security';
import { useProofForm } from './proof-error';
import { type EmailChange, type EmailConfirm, emailChangeSchema, emailConfirmSchema, sameAddress } from './schemas';
import { SecondStepCodeField } from './second-step-code-field';
import { useTotpEnabled } from './use-mfa-preference';

/**
 * E-mail change (spec 2 "Account"): the API checks the password, and with two-step verification on a code, with
 * Cognito and starts the change (the old address is told); Cognito mails a code to the new address and keeps the old
 * one as the sign-in address until the code is confirmed, through the API too (the browser's token may not call
 * Cognito's user API): with the password kept from the first step and, with two-step verification on, a current code
 * of the app. Then the session's tokens are refreshed so the app shows the new address.
 */
export function EmailChangeCard({ currentEmail, userId }: { currentEmail: string; userId: string }) {
  const { t } = useTranslation(['security', 'auth', 'errors']);
  const [pending, setPending] = useState<PendingChange | null>(null);
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
            pending={pending}
            withCode={withCode}
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

/** A started change: the new address, and the password it was proven with (asked again by the confirmation). */
interface PendingChange {
  email: string;
  password: string;
}

interface NewEmailFormProps {
  currentEmail: string;
  /** Two-step verification is on: the proof takes a code (or a recovery code) as well. */
  withCode: boolean;
  onCodeSent: (change: PendingChange) => void;
}

function NewEmailForm({ currentEmail, withCode, onCodeSent }: NewEmailFormProps) {
  const { t } = useTranslation(['security', 'auth', 'errors']);
  const start = useStartEmailChange();
  const {
    register,
    handleSubmit,
    control,
    showError,
    formState: { errors, isSubmitting },
  } = useProofForm<EmailChange>({
    resolver: zodResolver(emailChangeSchema(t, withCode)),
    defaultValues: { email: currentEmail, password: '', code: '' },
  });
  const email = useWatch({ control, name: 'email' });
  const unchanged = sameAddress(email ?? '', currentEmail);

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
      onCodeSent({ email, password });
    } catch (caught) {
      showError(caught, withCode ? ['password', 'email', 'code'] : ['password', 'email']);
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
  pending: PendingChange;
  /** Two-step verification is on: the confirmation takes a current code of the app. */
  withCode: boolean;
  currentEmail: string;
  onDone: () => void;
  onCancel: () => void;
}

function ConfirmEmailForm({ pending, withCode, currentEmail, onDone, onCancel }: ConfirmEmailFormProps) {
  const { t } = useTranslation(['security', 'auth', 'errors']);
  const queryClient = useQueryClient();
  const confirm = useConfirmEmailChange();
  const start = useStartEmailChange();
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    setFocus,
    focusAfterSubmit,
    showError,
    formState: { errors, isSubmitting },
  } = useProofForm<EmailConfirm>({
    resolver: zodResolver(emailConfirmSchema(t, withCode)),
    defaultValues: { code: '', appCode: '' },
  });
  const busy = isSubmitting || resending;
  const newEmail = pending.email;

  /**
   * The API's refusal at its field: INCORRECT_CODE names the mailed code by its field (`verificationCode`); without
   * it, the app's code was refused (or the password kept from the first step, shown above the buttons).
   */
  const showRefusal = (caught: unknown) => {
    if (caught instanceof ApiError && caught.code === 'INCORRECT_CODE') {
      const field = caught.fields?.verificationCode || !withCode ? 'code' : 'appCode';
      setError(field, { message: t('errors:api.INCORRECT_CODE') });
      focusAfterSubmit(field);
      return;
    }
    showError(caught, []);
  };

  const submit = async ({ code, appCode }: EmailConfirm) => {
    try {
      await confirm.mutateAsync({
        password: pending.password,
        verificationCode: code,
        ...(withCode && appCode ? { code: appCode } : {}),
      });
    } catch (caught) {
      showRefusal(caught);
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

  /** A new code is a new start of the change (the same proof: the password, and a current app code when on). */
  const resend = async () => {
    const appCode = getValues('appCode')?.replace(/\s+/g, '') ?? '';
    if (withCode && !/^\d{6}$/.test(appCode)) {
      setError('appCode', { message: t('security:validation.totpCodeInvalid') });
      setFocus('appCode');
      return;
    }
    setResending(true);
    try {
      await start.mutateAsync({ password: pending.password, newEmail, ...(withCode ? { code: appCode } : {}) });
      toast.success(t('security:toasts.emailCodeSent'), {
        description: t('security:toasts.emailCodeSentDescription', { email: newEmail }),
      });
    } catch (caught) {
      showError(caught, []);
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
      {withCode && (
        <OneTimeCodeField
          appearance="inline"
          id="security-email-app-code"
          label={t('security:totp.code')}
          help={t('security:email.appCodeHelp')}
          error={errors.appCode?.message}
          disabled={busy}
          {...register('appCode')}
        />
      )}
      {errors.root?.message && (
        <p role="alert" className="text-destructive text-sm">
          {errors.root.message}
        </p>
      )}
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

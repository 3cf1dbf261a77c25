import { zodResolver } from '@hookform/resolvers/zod';
import { confirmResetPassword, resetPassword } from 'aws-amplify/auth';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { InputField } from '@/components/input-field';
import { OneTimeCodeField } from '@/components/one-time-code-field';
import { PasswordChecklist } from '@/components/password-checklist';
import { Button } from '@/components/ui/button';
import { authErrorText } from '@/lib/auth-error-text';
import { type ConfirmReset, confirmResetSchema } from '@/lib/password-reset';

interface ConfirmResetPasswordFormProps {
  /** The account's address: Cognito mailed the code there. */
  email: string;
  /** Distinguishes the ids when the form appears on more than one page. */
  idPrefix: string;
  onDone: () => void;
  onCancel: () => void;
}

/**
 * A password reset's second step (after resetPassword sent a code): the code and a new password with the pool's
 * rules as a checklist. Shared by "Forgot password?" on /auth and the account's security tab.
 */
export function ConfirmResetPasswordForm({ email, idPrefix, onDone, onCancel }: ConfirmResetPasswordFormProps) {
  const { t } = useTranslation(['security', 'auth', 'errors']);
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ConfirmReset>({
    resolver: zodResolver(confirmResetSchema(t)),
    defaultValues: { code: '', password: '' },
  });
  const password = useWatch({ control, name: 'password' });
  const busy = isSubmitting || resending;
  const codeId = `${idPrefix}-reset-code`;
  const passwordId = `${idPrefix}-new-password`;

  const submit = async ({ code, password }: ConfirmReset) => {
    try {
      await confirmResetPassword({ username: email, confirmationCode: code, newPassword: password });
      toast.success(t('security:toasts.passwordChanged'), {
        description: t('security:toasts.passwordChangedDescription'),
      });
      onDone();
    } catch (caught) {
      toast.error(t('security:toasts.passwordFailed'), {
        description: authErrorText(caught, 'confirmResetPassword'),
      });
    }
  };

  const resend = async () => {
    setResending(true);
    try {
      await resetPassword({ username: email });
      toast.success(t('security:toasts.resetSent'), {
        description: t('security:toasts.resetSentDescription', { email }),
      });
    } catch (caught) {
      toast.error(t('security:toasts.resetFailed'), { description: authErrorText(caught, 'resetPassword') });
    } finally {
      setResending(false);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-4" aria-label={t('security:reset.title')}>
      <p className="text-muted-foreground text-sm">
        <Trans
          t={t}
          i18nKey="security:reset.codeDescription"
          values={{ email }}
          components={{ strong: <strong className="text-foreground break-words" /> }}
        />
      </p>
      <OneTimeCodeField
        appearance="inline"
        id={codeId}
        label={t('security:reset.code')}
        error={errors.code?.message}
        disabled={busy}
        {...register('code')}
      />
      <InputField
        id={passwordId}
        label={t('security:reset.newPassword')}
        error={errors.password?.message}
        describedBy={`${passwordId}-rules`}
        type="password"
        autoComplete="new-password"
        disabled={busy}
        {...register('password')}
      >
        <PasswordChecklist id={`${passwordId}-rules`} password={password} invalid={!!errors.password} />
      </InputField>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button type="submit" disabled={busy} aria-busy={isSubmitting}>
          {isSubmitting && <Loader2 aria-hidden="true" className="animate-spin" />}
          {isSubmitting ? t('security:reset.submitting') : t('security:reset.submit')}
        </Button>
        <Button type="button" variant="outline" onClick={() => void resend()} disabled={busy}>
          {resending && <Loader2 aria-hidden="true" className="animate-spin" />}
          {resending ? t('security:reset.resending') : t('security:reset.resend')}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
          {t('security:reset.cancel')}
        </Button>
      </div>
    </form>
  );
}

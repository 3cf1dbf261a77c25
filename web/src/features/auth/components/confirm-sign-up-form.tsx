import { zodResolver } from '@hookform/resolvers/zod';
import { confirmSignUp, resendSignUpCode } from 'aws-amplify/auth';
import { Loader2, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { OneTimeCodeField } from '@/components/one-time-code-field';
import { type Confirmation, confirmationSchema } from '../schemas';
import { AuthForm } from './auth-form';
import { AuthStepHeading } from './auth-step-heading';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';
import { useAuthError } from './use-auth-error';

interface ConfirmSignUpFormProps {
  email: string;
  /** Sign-up just sent the code, or a sign-in found the address unconfirmed (the code may be old or lost). */
  reason: 'signUp' | 'signIn';
  onConfirmed: (email: string) => void;
  /** The address turned out to be confirmed already: go to sign-in with it filled in. */
  onSignInInstead: (email: string) => void;
  onBack: () => void;
}

/** Step after sign-up (or a sign-in of an unconfirmed account): the 6-digit code from the e-mail. */
export function ConfirmSignUpForm({ email, reason, onConfirmed, onSignInInstead, onBack }: ConfirmSignUpFormProps) {
  const { t } = useTranslation('auth');
  const error = useAuthError();
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Confirmation>({ resolver: zodResolver(confirmationSchema(t)), defaultValues: { code: '' } });
  const busy = isSubmitting || resending;

  const submit = async ({ code }: Confirmation) => {
    error.clear();
    try {
      await confirmSignUp({ username: email, confirmationCode: code });
      onConfirmed(email);
    } catch (caught) {
      error.report(caught, 'confirmSignUp');
    }
  };

  const resend = async () => {
    error.clear();
    setResending(true);
    try {
      await resendSignUpCode({ username: email });
      toast.success(t('toasts.codeResent'), { description: t('toasts.codeResentDescription', { email }) });
    } catch (caught) {
      error.report(caught, 'resendSignUpCode');
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthForm onSubmit={handleSubmit(submit)} onEdit={error.clear} aria-labelledby="confirm-title">
      <AuthStepHeading
        icon={MailCheck}
        id="confirm-title"
        title={t('confirm.title')}
        description={
          <p className="text-muted-foreground text-sm" data-testid="confirm-email">
            <Trans
              t={t}
              i18nKey={reason === 'signIn' ? 'confirm.descriptionUnconfirmed' : 'confirm.description'}
              values={{ email }}
              components={{ strong: <strong className="text-foreground break-words" /> }}
            />
          </p>
        }
      />
      <FormError
        error={error.key}
        action={
          error.key === 'alreadyConfirmed' || error.key === 'emailTaken'
            ? { label: t('errorActions.signIn'), onClick: () => onSignInInstead(email) }
            : undefined
        }
      />
      <OneTimeCodeField
        appearance="prominent"
        id="confirm-code"
        label={t('fields.code')}
        help={t('confirm.codeHelp')}
        error={errors.code?.message}
        pattern="[0-9]*"
        required
        autoFocus
        disabled={busy}
        {...register('code')}
      />
      <SubmitButton busy={isSubmitting} label={t('confirm.submit')} busyLabel={t('confirm.submitting')} />
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
        <Button type="button" variant="outline" onClick={() => void resend()} disabled={busy}>
          {resending && <Loader2 aria-hidden="true" className="animate-spin" />}
          {resending ? t('confirm.resending') : t('confirm.resend')}
        </Button>
        <Button type="button" variant="ghost" onClick={onBack} disabled={busy}>
          {t('confirm.back')}
        </Button>
      </div>
    </AuthForm>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { confirmSignIn } from 'aws-amplify/auth';
import { ShieldCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { OneTimeCodeField } from '@/components/one-time-code-field';
import { type TotpCode, totpCodeSchema } from '../schemas';
import { AuthForm } from './auth-form';
import { AuthStepHeading } from './auth-step-heading';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';
import { useAuthError } from './use-auth-error';

interface TotpSignInFormProps {
  /** Tokens are stored; resolves once the app knows the session. */
  onSignedIn: () => Promise<void>;
  /** Back to the sign-in tab (the challenge is given up, or has expired). */
  onBack: () => void;
}

/** Sign-in's second step for an owner with two-factor authentication on: the code from the authenticator app. */
export function TotpSignInForm({ onSignedIn, onBack }: TotpSignInFormProps) {
  const { t } = useTranslation('auth');
  const error = useAuthError();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TotpCode>({ resolver: zodResolver(totpCodeSchema(t)), defaultValues: { code: '' } });

  const submit = async ({ code }: TotpCode) => {
    error.clear();
    try {
      const { nextStep } = await confirmSignIn({ challengeResponse: code });
      if (nextStep.signInStep === 'DONE') await onSignedIn();
      else error.show('unexpected', nextStep);
    } catch (caught) {
      error.report(caught, 'confirmSignInTotp');
    }
  };

  return (
    <AuthForm onSubmit={handleSubmit(submit)} onEdit={error.clear} aria-labelledby="totp-title">
      <AuthStepHeading
        icon={ShieldCheck}
        id="totp-title"
        title={t('totp.title')}
        description={<p className="text-muted-foreground text-sm">{t('totp.description')}</p>}
      />
      <FormError
        error={error.key}
        action={error.key === 'signInExpired' ? { label: t('errorActions.signInAgain'), onClick: onBack } : undefined}
      />
      <OneTimeCodeField
        appearance="prominent"
        id="totp-code"
        label={t('totp.code')}
        help={t('totp.codeHelp')}
        error={errors.code?.message}
        autoFocus
        disabled={isSubmitting}
        {...register('code')}
      />
      <SubmitButton busy={isSubmitting} label={t('totp.submit')} busyLabel={t('totp.submitting')} />
      <Button type="button" variant="ghost" onClick={onBack} disabled={isSubmitting}>
        {t('totp.back')}
      </Button>
    </AuthForm>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { signIn } from 'aws-amplify/auth';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { recoveryCodeSchema } from '@reviewroute/shared';
import { InputField } from '@/components/input-field';
import { Button } from '@/components/ui/button';
import { ApiError, call } from '@/lib/api-client';
import { authFlowType } from '@/lib/amplify';
import { AuthForm } from './auth-form';
import { AuthStepHeading } from './auth-step-heading';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';
import { type ShownAuthError, useAuthError } from './use-auth-error';

/** The API's refusal as the step's alert shows it: a wrong code or password, too many tries, no network. */
function recoveryErrorOf(caught: unknown): ShownAuthError {
  if (!(caught instanceof ApiError)) return 'unexpected';
  switch (caught.code) {
    case 'INCORRECT_CODE':
      return 'recoveryCodeMismatch';
    case 'INCORRECT_PASSWORD':
      return 'wrongCredentials';
    case 'RATE_LIMITED':
      return 'tooManyAttempts';
    case 'NETWORK_ERROR':
      return 'network';
    default:
      return 'unexpected';
  }
}

interface RecoverySignInFormProps {
  /** What the sign-in step was given: the API proves them again with the code. */
  email: string;
  password: string;
  /** Tokens are stored; resolves once the app knows the session. */
  onSignedIn: () => Promise<void>;
  /** Back to the authenticator code (the owner found their phone after all). */
  onBack: () => void;
}

/**
 * Sign-in with a recovery code instead of the authenticator's code. Cognito's code challenge takes no recovery code,
 * so the API proves the address, the password and the code (`recover-sign-in`) and turns two-step verification off;
 * then the password alone signs in, and the owner is sent to set it up again.
 */
export function RecoverySignInForm({ email, password, onSignedIn, onBack }: RecoverySignInFormProps) {
  const { t } = useTranslation('auth');
  const error = useAuthError();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string }>({
    resolver: zodResolver(
      z.object({
        code: z.string().refine((code) => recoveryCodeSchema.safeParse(code).success, t('recovery.codeInvalid')),
      }),
    ),
    defaultValues: { code: '' },
  });

  const submit = async ({ code }: { code: string }) => {
    error.clear();
    try {
      await call('recover-sign-in', { body: { email, password, recoveryCode: code } });
    } catch (caught) {
      error.show(recoveryErrorOf(caught), caught);
      return;
    }
    try {
      // Two-step verification is off now: the password alone finishes the sign-in the code step began.
      const { nextStep } = await signIn({ username: email, password, options: { authFlowType: authFlowType() } });
      if (nextStep.signInStep === 'DONE') await onSignedIn();
      else error.show('unexpected', nextStep);
    } catch (caught) {
      error.report(caught, 'signIn');
    }
  };

  return (
    <AuthForm onSubmit={handleSubmit(submit)} onEdit={error.clear} aria-labelledby="recovery-title">
      <AuthStepHeading
        icon={KeyRound}
        id="recovery-title"
        title={t('recovery.title')}
        description={<p className="text-muted-foreground text-sm">{t('recovery.description')}</p>}
      />
      <FormError error={error.key} />
      <InputField
        id="recovery-code"
        label={t('recovery.code')}
        help={t('recovery.codeHelp')}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={20}
        className="text-center font-mono text-lg tracking-[0.3em]"
        autoFocus
        error={errors.code?.message}
        disabled={isSubmitting}
        {...register('code')}
      />
      <p className="text-muted-foreground text-sm">{t('recovery.after')}</p>
      <SubmitButton busy={isSubmitting} label={t('recovery.submit')} busyLabel={t('recovery.submitting')} />
      <Button type="button" variant="ghost" onClick={onBack} disabled={isSubmitting}>
        {t('recovery.back')}
      </Button>
    </AuthForm>
  );
}

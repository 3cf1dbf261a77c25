import { zodResolver } from '@hookform/resolvers/zod';
import { signIn } from 'aws-amplify/auth';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { authErrorKey } from '@/lib/auth-errors';
import { Button } from '@/components/ui/button';
import { authFlowType } from '@/lib/amplify';
import { type Credentials, credentialsSchema } from '../schemas';
import { AuthForm } from './auth-form';
import { CredentialsFields } from './credentials-fields';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';
import { useAuthError } from './use-auth-error';

interface SignInFormProps {
  /** Filled in when the owner comes from sign-up or the code step; the password field then has the focus. */
  defaultEmail: string;
  /**
   * The account exists but its e-mail is not confirmed yet; the password just typed lets the code step sign in
   * once the code confirms the address.
   */
  onNeedsConfirmation: (email: string, password: string) => void;
  /** Tokens are stored; resolves once the app knows the session. */
  onSignedIn: () => Promise<void>;
  /**
   * Two-factor authentication is on: the code from the authenticator app comes next (the password stays in the
   * page's state for a recovery code's sign-in).
   */
  onNeedsTotp: (email: string, password: string) => void;
  /** "Forgot password?", with whatever address is typed so far. */
  onForgotPassword: (email: string) => void;
}

export function SignInForm({
  defaultEmail,
  onNeedsConfirmation,
  onSignedIn,
  onNeedsTotp,
  onForgotPassword,
}: SignInFormProps) {
  const { t } = useTranslation('auth');
  const error = useAuthError();
  const {
    register,
    handleSubmit,
    setFocus,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<Credentials>({
    resolver: zodResolver(credentialsSchema(t)),
    defaultValues: { email: defaultEmail, password: '' },
  });

  useEffect(() => {
    if (defaultEmail) setFocus('password');
  }, [defaultEmail, setFocus]);

  const submit = async ({ email, password }: Credentials) => {
    error.clear();
    try {
      const { nextStep } = await signIn({ username: email, password, options: { authFlowType: authFlowType() } });
      if (nextStep.signInStep === 'DONE') {
        await onSignedIn();
      } else if (nextStep.signInStep === 'CONFIRM_SIGN_UP') {
        onNeedsConfirmation(email, password);
      } else if (nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') {
        onNeedsTotp(email, password);
      } else if (nextStep.signInStep === 'RESET_PASSWORD') {
        error.show('passwordResetRequired');
      } else {
        // SMS or e-mail MFA, new-password and other challenges are not enabled on the pool.
        error.show('unexpected', nextStep);
      }
    } catch (caught) {
      const key = authErrorKey(caught, 'signIn');
      if (key === 'notConfirmed') onNeedsConfirmation(email, password);
      // A session this page did not know about: it is the owner's, so carry on to the dashboard.
      else if (key === 'alreadySignedIn') await onSignedIn();
      else error.show(key, caught);
    }
  };

  return (
    <AuthForm onSubmit={handleSubmit(submit)} onEdit={error.clear} aria-label={t('signIn.title')}>
      <FormError error={error.key} />
      <CredentialsFields
        idPrefix="sign-in"
        register={register}
        errors={errors}
        disabled={isSubmitting}
        mode="current"
      />
      <SubmitButton busy={isSubmitting} label={t('signIn.submit')} busyLabel={t('signIn.submitting')} />
      <Button
        type="button"
        variant="link"
        className="h-auto justify-self-center p-0"
        onClick={() => onForgotPassword(getValues('email').trim())}
        disabled={isSubmitting}
      >
        {t('signIn.forgotPassword')}
      </Button>
    </AuthForm>
  );
}

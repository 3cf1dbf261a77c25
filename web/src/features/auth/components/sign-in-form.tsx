import { zodResolver } from '@hookform/resolvers/zod';
import { signIn } from 'aws-amplify/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { authFlowType } from '@/lib/amplify';
import { type Credentials, credentialsSchema } from '../schemas';
import { CredentialsFields } from './credentials-fields';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';
import { useAuthError } from './use-auth-error';

interface SignInFormProps {
  defaultEmail: string;
  /** The account exists but its e-mail is not confirmed yet. */
  onNeedsConfirmation: (email: string) => void;
  /** Tokens are stored; resolves once the app knows the session. */
  onSignedIn: () => Promise<void>;
}

export function SignInForm({ defaultEmail, onNeedsConfirmation, onSignedIn }: SignInFormProps) {
  const { t } = useTranslation('auth');
  const error = useAuthError();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Credentials>({
    resolver: zodResolver(credentialsSchema(t)),
    defaultValues: { email: defaultEmail, password: '' },
  });

  const submit = async ({ email, password }: Credentials) => {
    error.clear();
    try {
      const { nextStep } = await signIn({ username: email, password, options: { authFlowType: authFlowType() } });
      if (nextStep.signInStep === 'DONE') {
        await onSignedIn();
      } else if (nextStep.signInStep === 'CONFIRM_SIGN_UP') {
        onNeedsConfirmation(email);
      } else {
        // MFA, new-password and other challenges are not enabled on the pool: not a service message.
        error.report(nextStep);
      }
    } catch (caught) {
      error.report(caught);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-4" aria-label={t('signIn.title')}>
      <FormError message={error.message} />
      <CredentialsFields
        idPrefix="sign-in"
        register={register}
        errors={errors}
        disabled={isSubmitting}
        mode="current"
      />
      <SubmitButton busy={isSubmitting} label={t('signIn.submit')} busyLabel={t('signIn.submitting')} />
    </form>
  );
}

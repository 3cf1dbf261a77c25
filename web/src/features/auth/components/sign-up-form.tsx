import { zodResolver } from '@hookform/resolvers/zod';
import { signUp } from 'aws-amplify/auth';
import { Gift } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { authFlowType } from '@/lib/amplify';
import { useLanguage } from '@/lib/use-language';
import { type Credentials, signUpSchema } from '../schemas';
import { AuthForm } from './auth-form';
import { CredentialsFields } from './credentials-fields';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';
import { useAuthError } from './use-auth-error';

interface SignUpFormProps {
  /** Cognito sent a code to this address: show the confirmation step. */
  onNeedsConfirmation: (email: string) => void;
  /** The pool confirmed the account on its own (no code needed): go to sign-in. */
  onConfirmed: (email: string) => void;
  /** The address already has an account: go to sign-in with it filled in. */
  onSignInInstead: (email: string) => void;
}

export function SignUpForm({ onNeedsConfirmation, onConfirmed, onSignInInstead }: SignUpFormProps) {
  const { t } = useTranslation('auth');
  const language = useLanguage();
  const error = useAuthError();
  const {
    register,
    handleSubmit,
    control,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<Credentials>({ resolver: zodResolver(signUpSchema(t)), defaultValues: { email: '', password: '' } });
  const password = useWatch({ control, name: 'password' });

  const submit = async ({ email, password }: Credentials) => {
    error.clear();
    try {
      const { nextStep } = await signUp({
        username: email,
        password,
        options: {
          // The language of Cognito's mails to this owner (the CustomMessage trigger reads it).
          userAttributes: { email, locale: language },
          // Confirming the code in this tab signs the owner in (decisions 4): Amplify keeps the password in
          // memory for that one sign-in, for at most 3 minutes, and never stores it.
          autoSignIn: { authFlowType: authFlowType() },
        },
      });
      if (nextStep.signUpStep === 'CONFIRM_SIGN_UP') {
        toast.success(t('toasts.signedUp'), { description: t('toasts.signedUpDescription', { email }) });
        onNeedsConfirmation(email);
      } else {
        onConfirmed(email);
      }
    } catch (caught) {
      error.report(caught, 'signUp');
    }
  };

  return (
    <AuthForm onSubmit={handleSubmit(submit)} onEdit={error.clear} aria-label={t('signUp.title')}>
      <div className="border-primary/30 bg-accent text-accent-foreground flex items-start gap-3 rounded-lg border p-3">
        <Gift aria-hidden="true" className="text-primary mt-0.5 size-5 shrink-0" />
        <div className="text-sm">
          <p className="font-semibold">{t('trial.title')}</p>
          <p>{t('trial.description')}</p>
        </div>
      </div>
      <FormError
        error={error.key}
        action={
          error.key === 'emailTaken'
            ? { label: t('errorActions.signInInstead'), onClick: () => onSignInInstead(getValues('email').trim()) }
            : undefined
        }
      />
      <CredentialsFields
        idPrefix="sign-up"
        register={register}
        errors={errors}
        disabled={isSubmitting}
        mode="new"
        password={password}
      />
      <SubmitButton busy={isSubmitting} label={t('signUp.submit')} busyLabel={t('signUp.submitting')} />
    </AuthForm>
  );
}

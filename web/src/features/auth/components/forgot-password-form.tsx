import { zodResolver } from '@hookform/resolvers/zod';
import { resetPassword } from 'aws-amplify/auth';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmResetPasswordForm } from '@/components/confirm-reset-password-form';
import { EmailField } from '@/components/input-field';
import { Button } from '@/components/ui/button';
import { type ResetRequest, resetRequestSchema } from '../schemas';
import { AuthForm } from './auth-form';
import { AuthStepHeading } from './auth-step-heading';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';
import { useAuthError } from './use-auth-error';

interface ForgotPasswordFormProps {
  /** What the sign-in form held, so the owner need not type it again. */
  defaultEmail: string;
  /** The new password is set: back to sign-in with the address filled in. */
  onReset: (email: string) => void;
  onBack: () => void;
}

/** "Forgot password?": the address, then the mailed code and a new password. */
export function ForgotPasswordForm({ defaultEmail, onReset, onBack }: ForgotPasswordFormProps) {
  const { t } = useTranslation('auth');
  const error = useAuthError();
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetRequest>({ resolver: zodResolver(resetRequestSchema(t)), defaultValues: { email: defaultEmail } });

  const submit = async ({ email }: ResetRequest) => {
    error.clear();
    try {
      await resetPassword({ username: email });
      setCodeSentTo(email);
    } catch (caught) {
      error.report(caught, 'resetPassword');
      toast.error(t('toasts.passwordResetFailed'));
    }
  };

  const heading = (
    <AuthStepHeading
      icon={KeyRound}
      id="forgot-title"
      title={t('forgotPassword.title')}
      description={!codeSentTo && <p className="text-muted-foreground text-sm">{t('forgotPassword.description')}</p>}
    />
  );

  if (codeSentTo) {
    return (
      <div className="grid gap-4" aria-labelledby="forgot-title" role="group">
        {heading}
        <ConfirmResetPasswordForm
          email={codeSentTo}
          idPrefix="forgot"
          onDone={() => onReset(codeSentTo)}
          onCancel={onBack}
        />
      </div>
    );
  }

  return (
    <AuthForm onSubmit={handleSubmit(submit)} onEdit={error.clear} aria-labelledby="forgot-title">
      {heading}
      <FormError error={error.key} />
      <EmailField
        id="forgot-email"
        label={t('fields.email')}
        error={errors.email?.message}
        autoFocus
        placeholder={t('fields.emailPlaceholder')}
        disabled={isSubmitting}
        {...register('email')}
      />
      <SubmitButton busy={isSubmitting} label={t('forgotPassword.submit')} busyLabel={t('forgotPassword.submitting')} />
      <Button type="button" variant="ghost" onClick={onBack} disabled={isSubmitting}>
        {t('forgotPassword.back')}
      </Button>
    </AuthForm>
  );
}

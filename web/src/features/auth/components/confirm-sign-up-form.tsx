import { confirmSignUp, resendSignUpCode } from 'aws-amplify/auth';
import { Loader2, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { confirmationSchema } from '../schemas';
import { CodeStepForm } from './code-step-form';
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
    <CodeStepForm
      id="confirm"
      icon={MailCheck}
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
      schema={confirmationSchema(t)}
      onCode={async (code) => {
        await confirmSignUp({ username: email, confirmationCode: code });
        onConfirmed(email);
      }}
      flow="confirmSignUp"
      error={error}
      errorAction={
        error.key === 'alreadyConfirmed' || error.key === 'emailTaken'
          ? { label: t('errorActions.signIn'), onClick: () => onSignInInstead(email) }
          : undefined
      }
      codeLabel={t('fields.code')}
      codeHelp={t('confirm.codeHelp')}
      codeInput={{ pattern: '[0-9]*', required: true }}
      submitLabel={t('confirm.submit')}
      busyLabel={t('confirm.submitting')}
      busy={resending}
    >
      {(submitting) => (
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
          <Button type="button" variant="outline" onClick={() => void resend()} disabled={submitting || resending}>
            {resending && <Loader2 aria-hidden="true" className="animate-spin" />}
            {resending ? t('confirm.resending') : t('confirm.resend')}
          </Button>
          <Button type="button" variant="ghost" onClick={onBack} disabled={submitting || resending}>
            {t('confirm.back')}
          </Button>
        </div>
      )}
    </CodeStepForm>
  );
}

import { autoSignIn, confirmSignUp, resendSignUpCode, signIn, type ConfirmSignUpOutput } from 'aws-amplify/auth';
import { Loader2, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { authFlowType } from '@/lib/amplify';
import { authErrorKey } from '@/lib/auth-errors';
import { confirmationSchema } from '../schemas';
import { CodeStepForm } from './code-step-form';
import { useAuthError } from './use-auth-error';

interface ConfirmSignUpFormProps {
  email: string;
  /** Sign-up just sent the code, or a sign-in found the address unconfirmed (the code may be old or lost). */
  reason: 'signUp' | 'signIn';
  /**
   * The password a sign-in of the unconfirmed account was just tried with, held in memory for this step only:
   * with it, confirming signs the owner in. Sign-up needs none (Amplify's auto sign-in holds its own).
   */
  password?: string;
  /** Confirmed; `signedIn` when this tab could sign the owner in at once, else sign-in must follow. */
  onConfirmed: (email: string, signedIn: boolean) => Promise<void>;
  /** The address turned out to be confirmed already: go to sign-in with it filled in. */
  onSignInInstead: (email: string) => void;
  onBack: () => void;
}

/** Step after sign-up (or a sign-in of an unconfirmed account): the 6-digit code from the e-mail. */
export function ConfirmSignUpForm({
  email,
  reason,
  password,
  onConfirmed,
  onSignInInstead,
  onBack,
}: ConfirmSignUpFormProps) {
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
        let nextStep: ConfirmSignUpOutput['nextStep'];
        try {
          ({ nextStep } = await confirmSignUp({ username: email, confirmationCode: code }));
        } catch (caught) {
          // Confirmed elsewhere (another tab, a colleague's device) in the meantime: the address is confirmed all
          // the same, so carry on as confirmed (decisions 4) rather than stop at an error.
          if (authErrorKey(caught, 'confirmSignUp') !== 'alreadyConfirmed') throw caught;
          nextStep = { signUpStep: 'DONE' };
        }
        // Awaited, so the step stays busy until the dashboard opens.
        await onConfirmed(email, await signInConfirmed(nextStep, email, password));
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

/**
 * Signs the owner in right after the code confirmed the address, when this tab still can (decisions 4): Amplify's
 * auto sign-in after a sign-up in this tab (within its 3 minutes), or the password a sign-in was just tried with.
 * Resolves false when it cannot (a later or other tab, a challenge, a failure): the owner then signs in as usual,
 * with the address filled in; the address is confirmed either way, so no error is shown here.
 */
async function signInConfirmed(
  step: ConfirmSignUpOutput['nextStep'],
  email: string,
  password: string | undefined,
): Promise<boolean> {
  try {
    const result =
      step.signUpStep === 'COMPLETE_AUTO_SIGN_IN'
        ? await autoSignIn()
        : password
          ? await signIn({ username: email, password, options: { authFlowType: authFlowType() } })
          : null;
    return result?.nextStep.signInStep === 'DONE';
  } catch {
    return false;
  }
}

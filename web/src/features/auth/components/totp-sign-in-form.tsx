import { confirmSignIn } from 'aws-amplify/auth';
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { totpCodeSchema } from '../schemas';
import { CodeStepForm } from './code-step-form';
import { useAuthError } from './use-auth-error';

interface TotpSignInFormProps {
  /** Tokens are stored; resolves once the app knows the session. */
  onSignedIn: () => Promise<void>;
  /** Back to the sign-in tab (the challenge is given up, or has expired). */
  onBack: () => void;
  /** The phone is lost: a recovery code instead. */
  onUseRecoveryCode: () => void;
}

/** Sign-in's second step for an owner with two-factor authentication on: the code from the authenticator app. */
export function TotpSignInForm({ onSignedIn, onBack, onUseRecoveryCode }: TotpSignInFormProps) {
  const { t } = useTranslation('auth');
  const error = useAuthError();

  return (
    <CodeStepForm
      id="totp"
      icon={ShieldCheck}
      title={t('totp.title')}
      description={<p className="text-muted-foreground text-sm">{t('totp.description')}</p>}
      schema={totpCodeSchema(t)}
      onCode={async (code) => {
        const { nextStep } = await confirmSignIn({ challengeResponse: code });
        if (nextStep.signInStep === 'DONE') await onSignedIn();
        else error.show('unexpected', nextStep);
      }}
      flow="confirmSignInTotp"
      error={error}
      errorAction={
        error.key === 'signInExpired' ? { label: t('errorActions.signInAgain'), onClick: onBack } : undefined
      }
      codeLabel={t('totp.code')}
      codeHelp={t('totp.codeHelp')}
      submitLabel={t('totp.submit')}
      busyLabel={t('totp.submitting')}
    >
      {(submitting) => (
        <>
          <Button
            type="button"
            variant="link"
            className="h-auto justify-self-center p-0"
            onClick={onUseRecoveryCode}
            disabled={submitting}
          >
            {t('totp.useRecoveryCode')}
          </Button>
          <Button type="button" variant="ghost" onClick={onBack} disabled={submitting}>
            {t('totp.back')}
          </Button>
        </>
      )}
    </CodeStepForm>
  );
}

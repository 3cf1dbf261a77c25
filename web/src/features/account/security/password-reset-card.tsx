import { resetPassword } from 'aws-amplify/auth';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmResetPasswordForm } from '@/components/confirm-reset-password-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { authErrorText } from '@/lib/auth-error-text';

/** Password reset by code (spec 2 "Account"): Cognito mails a code, then the owner sets a new password with it. */
export function PasswordResetCard({ email }: { email: string }) {
  const { t } = useTranslation(['security', 'auth', 'errors']);
  const [sending, setSending] = useState(false);
  const [codeSent, setCodeSent] = useState(false);

  const send = async () => {
    setSending(true);
    try {
      await resetPassword({ username: email });
      toast.success(t('security:toasts.resetSent'), {
        description: t('security:toasts.resetSentDescription', { email }),
      });
      setCodeSent(true);
    } catch (caught) {
      toast.error(t('security:toasts.resetFailed'), { description: authErrorText(caught, 'resetPassword') });
    } finally {
      setSending(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{t('security:password.title')}</h2>
        </CardTitle>
        <CardDescription>
          <Trans
            t={t}
            i18nKey="security:password.description"
            values={{ email }}
            components={{ strong: <strong className="text-foreground break-words" /> }}
          />
        </CardDescription>
      </CardHeader>
      <CardContent>
        {codeSent ? (
          <ConfirmResetPasswordForm
            email={email}
            idPrefix="security"
            onDone={() => setCodeSent(false)}
            onCancel={() => setCodeSent(false)}
          />
        ) : (
          <Button type="button" variant="outline" onClick={() => void send()} disabled={sending} aria-busy={sending}>
            {sending && <Loader2 aria-hidden="true" className="animate-spin" />}
            {sending ? t('security:password.sending') : t('security:password.send')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

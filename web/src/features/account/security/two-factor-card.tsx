import { zodResolver } from '@hookform/resolvers/zod';
import { setUpTOTP, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import { Loader2, ShieldCheck, ShieldOff } from 'lucide-react';
import QRCode from 'qrcode';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { InputField } from '@/components/input-field';
import { OneTimeCodeField } from '@/components/one-time-code-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { authErrorText } from '@/lib/auth-error-text';
import { useCreateRecoveryCodes, useDisableTwoFactor } from '../api/security';
import { PasswordAndCodeForm, ProofFormFooter } from './password-and-code-form';
import { showProofError, useFocusAfterSubmit } from './proof-error';
import { RecoveryCodesSection, RecoveryCodesShown } from './recovery-codes';
import { type TotpSetup as TotpSetupForm, totpSetupSchema } from './schemas';
import { useTotpEnabled } from './use-mfa-preference';

/** The issuer the authenticator app shows next to the account. */
const totpIssuer = 'ReviewRoute';

interface TotpSecret {
  secret: string;
  qrCode: string;
}

/** The setup key in groups of four, as authenticator apps print it; spaces are ignored when typed in. */
const groupedSecret = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Optional TOTP two-factor sign-in: set up with a QR code of the otpauth:// URI (and the key as text), confirmed
 * with a code from the app and the password, which makes ten recovery codes (shown once) before it is turned on;
 * turned off only with the password and a current code (or a recovery code), which the API checks with Cognito (a
 * signed-in browser alone must not be enough to remove the second step), and the owner is mailed.
 */
export function TwoFactorCard({ userId, email }: { userId: string; email: string }) {
  const { t } = useTranslation(['security', 'auth', 'errors']);
  const totp = useTotpEnabled(userId);
  const [setup, setSetup] = useState<TotpSecret | null>(null);
  const [busy, setBusy] = useState<'setUp' | null>(null);
  const [confirmingOff, setConfirmingOff] = useState(false);
  // Recovery codes just made: shown until the owner says they are saved, never again.
  const [shownCodes, setShownCodes] = useState<string[] | null>(null);

  const startSetup = async () => {
    setBusy('setUp');
    try {
      const details = await setUpTOTP();
      const uri = details.getSetupUri(totpIssuer, email).toString();
      setSetup({ secret: details.sharedSecret, qrCode: await QRCode.toDataURL(uri, { width: 224, margin: 2 }) });
    } catch (caught) {
      toast.error(t('security:toasts.totpFailed'), { description: authErrorText(caught, 'setUpTotp') });
    } finally {
      setBusy(null);
    }
  };

  const enabled = totp.data === true;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg">{t('security:totp.title')}</h2>
          {totp.isSuccess && (
            <Badge variant={enabled ? 'default' : 'secondary'} data-testid="totp-status">
              {enabled ? t('security:totp.status.on') : t('security:totp.status.off')}
            </Badge>
          )}
        </CardTitle>
        <CardDescription>{t('security:totp.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {totp.isPending ? (
          <p className="text-muted-foreground flex items-center gap-2 text-sm" role="status">
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            {t('security:totp.loading')}
          </p>
        ) : totp.isError ? (
          <div className="grid gap-2">
            <p className="text-destructive text-sm">{t('security:totp.loadFailed')}</p>
            <div>
              <Button type="button" variant="outline" onClick={() => void totp.refetch()}>
                {t('security:totp.retry')}
              </Button>
            </div>
          </div>
        ) : shownCodes ? (
          <RecoveryCodesShown codes={shownCodes} email={email} onDone={() => setShownCodes(null)} />
        ) : confirmingOff ? (
          <TotpOffForm
            onDisabled={() => {
              totp.set(false);
              setConfirmingOff(false);
            }}
            onCancel={() => setConfirmingOff(false)}
          />
        ) : setup ? (
          <TotpSetupForm
            setup={setup}
            onEnabled={(codes) => {
              totp.set(true);
              setSetup(null);
              setShownCodes(codes);
            }}
            onCancel={() => setSetup(null)}
          />
        ) : (
          <>
            <p className="flex items-start gap-2 text-sm">
              {enabled ? (
                <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
              ) : (
                <ShieldOff aria-hidden="true" className="text-muted-foreground mt-0.5 size-4 shrink-0" />
              )}
              {enabled ? t('security:totp.enabled') : t('security:totp.disabled')}
            </p>
            <div>
              {enabled ? (
                <Button type="button" variant="outline" onClick={() => setConfirmingOff(true)}>
                  {t('security:totp.turnOff')}
                </Button>
              ) : (
                <Button type="button" onClick={() => void startSetup()} disabled={busy !== null}>
                  {busy === 'setUp' && <Loader2 aria-hidden="true" className="animate-spin" />}
                  {busy === 'setUp' ? t('security:totp.settingUp') : t('security:totp.setUp')}
                </Button>
              )}
            </div>
            {enabled && <RecoveryCodesSection onNewCodes={setShownCodes} />}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function TotpSetupForm({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TotpSecret;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['security', 'auth', 'errors']);
  const createCodes = useCreateRecoveryCodes();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<TotpSetupForm>({ resolver: zodResolver(totpSetupSchema(t)), defaultValues: { password: '', code: '' } });
  const focusAfterSubmit = useFocusAfterSubmit(isSubmitting, setFocus);

  const submit = async ({ password, code }: TotpSetupForm) => {
    // The recovery codes first, while the password alone proves the account: a wrong password costs no app code,
    // and two-step verification is never on without codes to fall back on.
    let codes: string[];
    try {
      ({ codes } = await createCodes.mutateAsync({ password }));
    } catch (caught) {
      showProofError(caught, t, ['password', 'code'], setError, focusAfterSubmit);
      return;
    }
    try {
      await verifyTOTPSetup({ code });
      await updateMFAPreference({ totp: 'PREFERRED' });
      toast.success(t('security:toasts.totpOn'), { description: t('security:toasts.totpOnDescription') });
      onEnabled(codes);
    } catch (caught) {
      toast.error(t('security:toasts.totpFailed'), { description: authErrorText(caught, 'verifyTotp') });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-4" aria-label={t('security:totp.setUp')}>
      <p className="text-sm">{t('security:totp.scan')}</p>
      <img
        src={setup.qrCode}
        alt={t('security:totp.qrAlt')}
        width={224}
        height={224}
        className="rounded-md border bg-white"
      />
      <div className="grid gap-1">
        <p className="text-muted-foreground text-sm" id="totp-secret-label">
          {t('security:totp.manual')}
        </p>
        <code
          className="bg-muted w-fit rounded px-2 py-1 font-mono text-sm break-all"
          aria-labelledby="totp-secret-label"
          data-testid="totp-secret"
        >
          {groupedSecret(setup.secret)}
        </code>
      </div>
      <p className="text-sm">{t('security:totp.enterCode')}</p>
      <OneTimeCodeField
        appearance="inline"
        id="totp-setup-code"
        label={t('security:totp.code')}
        error={errors.code?.message}
        disabled={isSubmitting}
        {...register('code')}
      />
      <InputField
        id="totp-setup-password"
        label={t('security:totp.password')}
        help={t('security:totp.setupPasswordHelp')}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        disabled={isSubmitting}
        {...register('password')}
      />
      <ProofFormFooter
        rootError={errors.root?.message}
        busy={isSubmitting}
        submitLabel={t('security:totp.turnOn')}
        busyLabel={t('security:totp.turningOn')}
        cancelLabel={t('security:totp.cancel')}
        onCancel={onCancel}
      />
    </form>
  );
}

/** The password and a current code (or a recovery code); a refusal is shown at its field, and focused. */
function TotpOffForm({ onDisabled, onCancel }: { onDisabled: () => void; onCancel: () => void }) {
  const { t } = useTranslation('security');
  const disable = useDisableTwoFactor();
  return (
    <PasswordAndCodeForm
      id="totp-off"
      title={t('totp.offTitle')}
      description={t('totp.offDescription')}
      codeLabel={t('totp.offCode')}
      submitLabel={t('totp.confirmOff')}
      busyLabel={t('totp.turningOff')}
      cancelLabel={t('totp.keepOn')}
      destructive
      onProve={async (values) => {
        await disable.mutateAsync(values);
        toast.success(t('toasts.totpOff'));
        onDisabled();
      }}
      onCancel={onCancel}
    />
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, ShieldCheck, ShieldOff } from 'lucide-react';
import QRCode from 'qrcode';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { InputField } from '@/components/input-field';
import { OneTimeCodeField } from '@/components/one-time-code-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useConfirmTwoFactor, useDisableTwoFactor, useStartTwoFactor } from '../api/security';
import { PasswordAndCodeForm, ProofFormFooter } from './password-and-code-form';
import { useProofForm } from './proof-error';
import { RecoveryCodesSection, RecoveryCodesShown } from './recovery-codes';
import { type TotpPassword, type TotpSetup as TotpSetupForm, totpPasswordSchema, totpSetupSchema } from './schemas';
import { useTotpEnabled } from './use-mfa-preference';

/** The issuer the authenticator app shows next to the account. */
const totpIssuer = 'ReviewRoute';

interface TotpSecret {
  secret: string;
  qrCode: string;
  /** The password the set-up was started with: the API asks it again with the app's first code. */
  password: string;
  /** The recovery codes made with it, shown once two-step verification is on. */
  codes: string[];
}

/** The setup key in groups of four, as authenticator apps print it; spaces are ignored when typed in. */
const groupedSecret = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Optional TOTP two-factor sign-in, all through the API (the browser's token may not call Cognito's user API): the
 * password first, which makes ten recovery codes (shown once it is on) and then the secret; set up with a QR code of
 * the otpauth:// URI (and the key as text), confirmed with a code from the app;
 * turned off only with the password and a current code (or a recovery code), which the API checks with Cognito (a
 * signed-in browser alone must not be enough to remove the second step), and the owner is mailed.
 */
export function TwoFactorCard({ userId, email }: { userId: string; email: string }) {
  const { t } = useTranslation(['security', 'auth', 'errors']);
  const totp = useTotpEnabled(userId);
  const [setup, setSetup] = useState<TotpSecret | 'password' | null>(null);
  const [confirmingOff, setConfirmingOff] = useState(false);
  // Recovery codes just made: shown until the owner says they are saved, never again.
  const [shownCodes, setShownCodes] = useState<string[] | null>(null);

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
        ) : setup === 'password' ? (
          <TotpPasswordForm email={email} onStarted={setSetup} onCancel={() => setSetup(null)} />
        ) : setup ? (
          <TotpSetupForm
            setup={setup}
            onEnabled={() => {
              totp.set(true);
              setSetup(null);
              setShownCodes(setup.codes);
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
                <Button type="button" onClick={() => setSetup('password')}>
                  {t('security:totp.setUp')}
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

/**
 * The set-up's first step: the password. The API makes the recovery codes first, while the password alone proves the
 * account (two-step verification is never on without codes to fall back on), then answers the secret.
 */
function TotpPasswordForm({
  email,
  onStarted,
  onCancel,
}: {
  email: string;
  onStarted: (setup: TotpSecret) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['security', 'auth', 'errors']);
  const start = useStartTwoFactor();
  const {
    register,
    handleSubmit,
    showError,
    formState: { errors, isSubmitting },
  } = useProofForm<TotpPassword>({ resolver: zodResolver(totpPasswordSchema(t)), defaultValues: { password: '' } });

  const submit = async ({ password }: TotpPassword) => {
    try {
      const { secret, codes } = await start.mutateAsync({ password });
      const uri = new URL(`otpauth://totp/${encodeURIComponent(`${totpIssuer}:${email}`)}`);
      uri.searchParams.set('secret', secret);
      uri.searchParams.set('issuer', totpIssuer);
      const qrCode = await QRCode.toDataURL(uri.toString(), { width: 224, margin: 2 });
      onStarted({ secret, qrCode, password, codes });
    } catch (caught) {
      showError(caught, ['password']);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-4" aria-label={t('security:totp.setUp')}>
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
        submitLabel={t('security:totp.continue')}
        busyLabel={t('security:totp.settingUp')}
        cancelLabel={t('security:totp.cancel')}
        onCancel={onCancel}
      />
    </form>
  );
}

/** The set-up's second step: the QR code (and the key), and the app's first code, which turns it on. */
function TotpSetupForm({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TotpSecret;
  onEnabled: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['security', 'auth', 'errors']);
  const confirm = useConfirmTwoFactor();
  const {
    register,
    handleSubmit,
    showError,
    formState: { errors, isSubmitting },
  } = useProofForm<TotpSetupForm>({ resolver: zodResolver(totpSetupSchema(t)), defaultValues: { code: '' } });

  const submit = async ({ code }: TotpSetupForm) => {
    try {
      await confirm.mutateAsync({ password: setup.password, code });
      toast.success(t('security:toasts.totpOn'), { description: t('security:toasts.totpOnDescription') });
      onEnabled();
    } catch (caught) {
      showError(caught, ['code']);
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

import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { InputField } from '@/components/input-field';
import { Button } from '@/components/ui/button';
import { useProofForm } from './proof-error';
import { type TwoFactorOff, twoFactorOffSchema } from './schemas';
import { SecondStepCodeField } from './second-step-code-field';

interface PasswordAndCodeFormProps {
  /** Prefix of the form's ids: its heading (`${id}-title`, which labels the form), password and code fields. */
  id: string;
  title: string;
  description: string;
  codeLabel?: string;
  submitLabel: string;
  busyLabel: string;
  cancelLabel: string;
  /** A red submit button: the action takes protection away. */
  destructive?: boolean;
  /** Sends the proof with the action; a refusal it throws is shown at its field (or above the buttons). */
  onProve: (values: TwoFactorOff) => Promise<void>;
  onCancel: () => void;
}

/**
 * An action that two-step verification guards: the password and a current code of the authenticator app (or a
 * recovery code), which the API checks with Cognito before it acts.
 */
export function PasswordAndCodeForm({
  id,
  title,
  description,
  codeLabel,
  submitLabel,
  busyLabel,
  cancelLabel,
  destructive = false,
  onProve,
  onCancel,
}: PasswordAndCodeFormProps) {
  const { t } = useTranslation(['security', 'errors']);
  const {
    register,
    handleSubmit,
    showError,
    formState: { errors, isSubmitting },
  } = useProofForm<TwoFactorOff>({
    resolver: zodResolver(twoFactorOffSchema(t)),
    defaultValues: { password: '', code: '' },
  });

  const submit = async (values: TwoFactorOff) => {
    try {
      await onProve(values);
    } catch (caught) {
      showError(caught, ['password', 'code']);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-4" aria-labelledby={`${id}-title`}>
      <div className="grid gap-1">
        <h3 id={`${id}-title`} className="font-medium">
          {title}
        </h3>
        <p className="text-muted-foreground text-sm">{description}</p>
      </div>
      <InputField
        id={`${id}-password`}
        label={t('security:totp.password')}
        type="password"
        autoComplete="current-password"
        autoFocus
        error={errors.password?.message}
        disabled={isSubmitting}
        {...register('password')}
      />
      <SecondStepCodeField
        id={`${id}-code`}
        {...(codeLabel ? { label: codeLabel } : {})}
        error={errors.code?.message}
        disabled={isSubmitting}
        {...register('code')}
      />
      <ProofFormFooter
        rootError={errors.root?.message}
        busy={isSubmitting}
        submitLabel={submitLabel}
        busyLabel={busyLabel}
        cancelLabel={cancelLabel}
        destructive={destructive}
        onCancel={onCancel}
      />
    </form>
  );
}

interface ProofFormFooterProps {
  /** The refusal that belongs to no field (too many attempts, the network). */
  rootError: string | undefined;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  cancelLabel: string;
  destructive?: boolean;
  onCancel: () => void;
}

/** A security form's end: a refusal of the whole form, the submit button (busy while the API checks) and cancel. */
export function ProofFormFooter({
  rootError,
  busy,
  submitLabel,
  busyLabel,
  cancelLabel,
  destructive = false,
  onCancel,
}: ProofFormFooterProps) {
  return (
    <>
      {rootError && (
        <p role="alert" className="text-destructive text-sm">
          {rootError}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={busy} aria-busy={busy}>
          {busy && <Loader2 aria-hidden="true" className="animate-spin" />}
          {busy ? busyLabel : submitLabel}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
      </div>
    </>
  );
}

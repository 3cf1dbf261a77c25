import { type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { type Credentials } from '../schemas';

interface CredentialsFieldsProps {
  /** Distinguishes the ids of the sign-up and sign-in forms, which live on one page. */
  idPrefix: string;
  register: UseFormRegister<Credentials>;
  errors: FieldErrors<Credentials>;
  disabled: boolean;
  /** new-password on sign-up (with the policy as help text), current-password on sign-in. */
  mode: 'new' | 'current';
}

export function CredentialsFields({ idPrefix, register, errors, disabled, mode }: CredentialsFieldsProps) {
  const { t } = useTranslation('auth');
  const emailId = `${idPrefix}-email`;
  const passwordId = `${idPrefix}-password`;
  const passwordDescribedBy = [
    mode === 'new' ? `${passwordId}-help` : null,
    errors.password ? `${passwordId}-error` : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={emailId}>{t('fields.email')}</Label>
        <Input
          id={emailId}
          type="email"
          autoComplete="email"
          required
          placeholder={t('fields.emailPlaceholder')}
          disabled={disabled}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${emailId}-error` : undefined}
          {...register('email')}
        />
        {errors.email && (
          <p id={`${emailId}-error`} className="text-destructive text-sm">
            {errors.email.message}
          </p>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={passwordId}>{t('fields.password')}</Label>
        <Input
          id={passwordId}
          type="password"
          autoComplete={mode === 'new' ? 'new-password' : 'current-password'}
          required
          disabled={disabled}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={passwordDescribedBy || undefined}
          {...register('password')}
        />
        {mode === 'new' && (
          <p id={`${passwordId}-help`} className="text-muted-foreground text-xs">
            {t('passwordRules')}
          </p>
        )}
        {errors.password && (
          <p id={`${passwordId}-error`} className="text-destructive text-sm">
            {errors.password.message}
          </p>
        )}
      </div>
    </>
  );
}

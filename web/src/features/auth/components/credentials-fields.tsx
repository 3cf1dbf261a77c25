import { type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { type Credentials } from '../schemas';
import { PasswordChecklist } from '@/components/password-checklist';

type CredentialsFieldsProps = {
  /** Distinguishes the ids of the sign-up and sign-in forms, which live on one page. */
  idPrefix: string;
  register: UseFormRegister<Credentials>;
  errors: FieldErrors<Credentials>;
  disabled: boolean;
} & (
  | /** Sign-up: a new password, checked against the pool's policy as it is typed. */
    { mode: 'new'; password: string }
    /** Sign-in: the current password. */
  | { mode: 'current' }
);

export function CredentialsFields(props: CredentialsFieldsProps) {
  const { idPrefix, register, errors, disabled } = props;
  const { t } = useTranslation('auth');
  const emailId = `${idPrefix}-email`;
  const passwordId = `${idPrefix}-password`;
  const passwordDescribedBy = [
    errors.password ? `${passwordId}-error` : null,
    props.mode === 'new' ? `${passwordId}-rules` : null,
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
          autoComplete={props.mode === 'new' ? 'new-password' : 'current-password'}
          required
          disabled={disabled}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={passwordDescribedBy || undefined}
          {...register('password')}
        />
        {errors.password && (
          <p id={`${passwordId}-error`} className="text-destructive text-sm">
            {errors.password.message}
          </p>
        )}
        {props.mode === 'new' && (
          <PasswordChecklist id={`${passwordId}-rules`} password={props.password} invalid={!!errors.password} />
        )}
      </div>
    </>
  );
}

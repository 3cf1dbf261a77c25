import { type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EmailField, InputField } from '@/components/input-field';
import { PasswordChecklist } from '@/components/password-checklist';
import { type Credentials } from '../schemas';

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
  return (
    <>
      <EmailField
        id={emailId}
        label={t('fields.email')}
        error={errors.email?.message}
        required
        placeholder={t('fields.emailPlaceholder')}
        disabled={disabled}
        {...register('email')}
      />
      <InputField
        id={passwordId}
        label={t('fields.password')}
        error={errors.password?.message}
        describedBy={props.mode === 'new' ? `${passwordId}-rules` : undefined}
        type="password"
        autoComplete={props.mode === 'new' ? 'new-password' : 'current-password'}
        required
        disabled={disabled}
        {...register('password')}
      >
        {props.mode === 'new' && (
          <PasswordChecklist id={`${passwordId}-rules`} password={props.password} invalid={!!errors.password} />
        )}
      </InputField>
    </>
  );
}

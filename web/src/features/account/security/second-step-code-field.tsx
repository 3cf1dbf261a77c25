import { useTranslation } from 'react-i18next';
import { InputField, type InputFieldProps } from '@/components/input-field';

type SecondStepCodeFieldProps = Omit<
  InputFieldProps,
  'inputMode' | 'autoComplete' | 'maxLength' | 'type' | 'className' | 'children' | 'help' | 'label'
> & { label?: string };

/**
 * Where a proof asks for the second step: the authenticator app's 6-digit code or one of the recovery codes
 * (`k7m2p-x9qrt`), so a text field (letters too), not the numeric one-time-code field.
 */
export function SecondStepCodeField({ label, ...props }: SecondStepCodeFieldProps) {
  const { t } = useTranslation('security');
  return (
    <InputField
      label={label ?? t('secondStep.label')}
      help={t('secondStep.help')}
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={20}
      className="max-w-56 font-mono tracking-[0.2em]"
      {...props}
    />
  );
}

import { InputField, type InputFieldProps } from '@/components/input-field';

type OneTimeCodeFieldProps = Omit<
  InputFieldProps,
  'inputMode' | 'autoComplete' | 'maxLength' | 'type' | 'className' | 'children'
> & {
  /** `prominent`: the one field of a sign-in step, large and centred; `inline`: a narrow field inside a card. */
  appearance: 'prominent' | 'inline';
};

const appearances = {
  prominent: 'text-center font-mono text-lg tracking-[0.5em]',
  inline: 'max-w-48 font-mono tracking-[0.3em]',
} as const;

/**
 * The 6-digit code from an e-mail or an authenticator app: a numeric keypad on phones, and the browser may offer
 * a code it has just received (autocomplete="one-time-code").
 */
export function OneTimeCodeField({ appearance, ...props }: OneTimeCodeFieldProps) {
  return (
    <InputField
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      className={appearances[appearance]}
      {...props}
    />
  );
}

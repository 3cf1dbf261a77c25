import { type ComponentProps, type ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export interface InputFieldProps extends Omit<
  ComponentProps<typeof Input>,
  'id' | 'aria-invalid' | 'aria-describedby'
> {
  id: string;
  label: ReactNode;
  /** A line under the input, read out with it (`${id}-help`). */
  help?: ReactNode;
  /** Already translated; shown under the input and read out with it (`${id}-error`). */
  error?: string;
  /** Ids of further descriptions the caller renders as `children` (a password's rule list). */
  describedBy?: string;
  /** Rendered last, after the error. */
  children?: ReactNode;
}

/**
 * A label, one input, its help line and its error message, tied together by ids so a screen reader reads the
 * help and the error with the input. The input takes every other prop (`{...register('email')}`, type, …).
 */
export function InputField({ id, label, help, error, describedBy, children, ...inputProps }: InputFieldProps) {
  const describedByIds = [help ? `${id}-help` : null, error ? `${id}-error` : null, describedBy ?? null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByIds || undefined}
        {...inputProps}
      />
      {help && (
        <p id={`${id}-help`} className="text-muted-foreground text-xs">
          {help}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      )}
      {children}
    </div>
  );
}

/** An e-mail address: the e-mail keyboard on phones, and the browser may offer the user's address. */
export function EmailField(props: Omit<InputFieldProps, 'type' | 'autoComplete'>) {
  return <InputField type="email" autoComplete="email" {...props} />;
}

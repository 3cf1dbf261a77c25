import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/label';

export interface FieldA11y {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
}

/** The ids and aria attributes that tie an input to its help text and error message. */
export function fieldA11y(
  id: string,
  { error, help, required }: { error?: string; help?: boolean; required?: boolean },
) {
  const describedBy = [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const props: FieldA11y = { id };
  if (error) props['aria-invalid'] = true;
  if (describedBy) props['aria-describedby'] = describedBy;
  if (required) props['aria-required'] = true;
  return props;
}

/** The visible asterisk of a required field (spec 5), read out as "required". */
export function RequiredMark() {
  const { t } = useTranslation('wizard');
  return (
    <>
      <span aria-hidden="true" className="text-destructive">
        *
      </span>
      <span className="sr-only">({t('required')})</span>
    </>
  );
}

interface FormFieldProps {
  id: string;
  label: ReactNode;
  required?: boolean;
  /** Shown after the label, e.g. "(optional)". */
  labelSuffix?: ReactNode;
  help?: ReactNode;
  /** Already translated. */
  error?: string;
  children: ReactNode;
}

/** Label, control, help and error of one wizard field; the control takes `fieldA11y(...)`. */
export function FormField({ id, label, required, labelSuffix, help, error, children }: FormFieldProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id} className="gap-1">
        {label}
        {required && <RequiredMark />}
        {labelSuffix && <span className="text-muted-foreground font-normal">{labelSuffix}</span>}
      </Label>
      {children}
      {help && (
        <p id={`${id}-help`} className="text-muted-foreground text-xs">
          {help}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-destructive text-sm" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

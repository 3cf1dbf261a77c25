import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validColor } from '@reviewroute/shared';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSurveyMessage } from '../hooks/use-survey-message';

interface ColorFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  id: string;
  label: string;
}

/** A colour as a picker and as `#rrggbb` text, both bound to the same form value. */
export function ColorField<T extends FieldValues>({ control, name, id, label }: ColorFieldProps<T>) {
  const { t } = useTranslation('wizard');
  const message = useSurveyMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = message(fieldState.error?.message);
        const value = String(field.value ?? '');
        const change = (next: string) => {
          field.onChange(next);
        };
        return (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-hex`}>{label}</Label>
            <div className="flex items-center gap-2">
              <input
                type="color"
                aria-label={label}
                value={validColor(value, '#000000')}
                onChange={(event) => change(event.target.value)}
                className="border-input h-9 w-12 shrink-0 cursor-pointer rounded-md border bg-transparent p-1"
              />
              <Input
                id={`${id}-hex`}
                value={value}
                onChange={(event) => change(event.target.value)}
                onBlur={field.onBlur}
                ref={field.ref}
                aria-label={t('landing.colorHex', { label })}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                spellCheck={false}
                autoComplete="off"
                maxLength={7}
                className="font-mono uppercase"
              />
            </div>
            {error && (
              <p id={`${id}-error`} className="text-destructive text-sm">
                {error}
              </p>
            )}
          </div>
        );
      }}
    />
  );
}

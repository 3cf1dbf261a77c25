import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

interface SwitchFieldProps<T extends FieldValues> {
  control: Control<T>;
  /** Also the switch's id. */
  name: FieldPath<T>;
  label: string;
  help: string;
}

/** An on/off setting bound to a form value: the switch, its label and the help text it is described by. */
export function SwitchField<T extends FieldValues>({ control, name, label, help }: SwitchFieldProps<T>) {
  const helpId = `${name}-help`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-start gap-3">
          <Switch id={name} checked={Boolean(field.value)} onCheckedChange={field.onChange} aria-describedby={helpId} />
          <div className="grid gap-1">
            <Label htmlFor={name}>{label}</Label>
            <p id={helpId} className="text-muted-foreground text-sm">
              {help}
            </p>
          </div>
        </div>
      )}
    />
  );
}

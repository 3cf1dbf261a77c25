import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

interface SwitchFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  id: string;
  label: string;
  help: string;
}

/** An on/off setting bound to a form value: the switch, its label and the help text it is described by. */
export function SwitchField<T extends FieldValues>({ control, name, id, label, help }: SwitchFieldProps<T>) {
  const helpId = `${id}-help`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-start gap-3">
          <Switch id={id} checked={Boolean(field.value)} onCheckedChange={field.onChange} aria-describedby={helpId} />
          <div className="grid gap-1">
            <Label htmlFor={id}>{label}</Label>
            <p id={helpId} className="text-muted-foreground text-sm">
              {help}
            </p>
          </div>
        </div>
      )}
    />
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type z } from 'zod';
import { requestRecipientRowSchema, type Language, type RequestRecipientRow } from '@reviewroute/shared';
import { InputField } from '@/components/input-field';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useRowError } from '../lib/use-row-error';

type RowInput = z.input<typeof requestRecipientRowSchema>;

/**
 * One customer typed in: name, address and/or mobile number, and language, checked by the shared row schema as they
 * are added.
 */
export function AddCustomerForm({
  defaultLanguage,
  onAdd,
  full,
}: {
  defaultLanguage: Language;
  onAdd: (row: RequestRecipientRow) => void;
  /** The batch holds its maximum already. */
  full: boolean;
}) {
  const { t } = useTranslation('requests');
  const id = useId();
  const [added, setAdded] = useState('');
  const {
    register,
    control,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<RowInput, unknown, RequestRecipientRow>({
    resolver: zodResolver(requestRecipientRowSchema),
    defaultValues: { name: '', email: '', phone: '', language: defaultLanguage },
  });
  const errorOf = useRowError();

  const submit = (row: RequestRecipientRow) => {
    onAdd(row);
    // Said where the owner is looking, not in a toast: the next customer goes into the same fields.
    setAdded(t('add.added', { name: row.name }));
    reset({ name: '', email: '', phone: '', language: row.language ?? defaultLanguage });
    setFocus('name');
  };

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(submit)(e)} className="grid gap-4">
      <div className="grid items-start gap-4 md:grid-cols-2 xl:grid-cols-[1fr_1fr_1fr_10rem]">
        <InputField
          id={`${id}-name`}
          label={t('fields.name')}
          autoComplete="off"
          error={errorOf(errors.name?.message)}
          {...register('name')}
        />
        <InputField
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          label={t('fields.email')}
          error={errorOf(errors.email?.message)}
          {...register('email')}
        />
        <InputField
          id={`${id}-phone`}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          label={t('fields.phone')}
          error={errorOf(errors.phone?.message)}
          {...register('phone')}
        />
        <div className="grid content-start gap-2">
          <Label htmlFor={`${id}-language`}>{t('fields.language')}</Label>
          <Controller
            control={control}
            name="language"
            render={({ field }) => (
              <Select value={field.value ?? defaultLanguage} onValueChange={field.onChange}>
                <SelectTrigger id={`${id}-language`} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="en">{t('languages.en')}</SelectItem>
                  <SelectItem value="nl">{t('languages.nl')}</SelectItem>
                </SelectContent>
              </Select>
            )}
          />
        </div>
      </div>
      <p className="text-muted-foreground -mt-1 text-xs">{t('add.channelHelp')}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="outline" disabled={full}>
          <UserPlus aria-hidden="true" />
          {t('add.submit')}
        </Button>
        <p role="status" className="text-muted-foreground text-sm">
          {added}
        </p>
      </div>
    </form>
  );
}

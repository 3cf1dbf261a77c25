import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  paymentMessages,
  profileMessages,
  profileTextLimits,
  purchaseBuyerSchema,
  type PurchaseBuyer,
  type PurchaseBuyerInput,
} from '@reviewroute/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { useRouteQuery } from '@/lib/route-query';

const fields = ['businessName', 'businessAddress', 'vatNumber'] as const;
type FieldName = (typeof fields)[number];

const messageKeys = {
  [paymentMessages.businessNameRequired]: 'payments.buyer.errors.businessNameRequired',
  [paymentMessages.businessAddressRequired]: 'payments.buyer.errors.businessAddressRequired',
  [profileMessages.vatNumberInvalid]: 'payments.buyer.errors.vatNumberInvalid',
  [profileMessages.textTooLong]: 'payments.buyer.errors.textTooLong',
} as const;

/**
 * What a business books with, asked before it pays (decisions 24 names what an invoice carries): its name,
 * address and optionally its VAT number (checked by its country's format, the shared schema the API checks
 * again), prefilled from the profile. The API saves them to the profile with the payment, so its invoice
 * carries them.
 */
export function BuyerDetailsForm({ onSubmit }: { onSubmit: (buyer: PurchaseBuyer) => void }) {
  const { t } = useTranslation('billing');
  const profile = useRouteQuery('get-profile');
  if (profile.isPending)
    return (
      <div className="grid max-w-xl gap-4" aria-busy="true" aria-label={t('payments.buyer.loading')}>
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-9 w-full" />
      </div>
    );
  // The form starts from the profile as loaded (so nothing typed is ever overwritten by a late answer); a profile
  // that cannot be read leaves the fields empty to fill in.
  return (
    <BuyerFields
      defaults={{
        businessName: profile.data?.businessName ?? '',
        businessAddress: profile.data?.businessAddress ?? '',
        vatNumber: profile.data?.vatNumber ?? '',
      }}
      onSubmit={onSubmit}
    />
  );
}

function BuyerFields({
  defaults,
  onSubmit,
}: {
  defaults: PurchaseBuyerInput;
  onSubmit: (buyer: PurchaseBuyer) => void;
}) {
  const { t } = useTranslation('billing');
  const ids = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PurchaseBuyerInput, unknown, PurchaseBuyer>({
    resolver: zodResolver(purchaseBuyerSchema),
    defaultValues: defaults,
  });

  const errorOf = (name: FieldName) => {
    const message = errors[name]?.message;
    if (!message) return undefined;
    const key = messageKeys[message as keyof typeof messageKeys] ?? 'payments.buyer.errors.textTooLong';
    return t(key, {
      max: name === 'businessName' ? profileTextLimits.businessName : profileTextLimits.businessAddress,
    });
  };

  return (
    <form
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      noValidate
      className="grid max-w-xl gap-4"
      aria-labelledby={`${ids}-title`}
    >
      <div className="grid gap-1">
        <h3 id={`${ids}-title`} className="font-semibold">
          {t('payments.buyer.title')}
        </h3>
        <p className="text-muted-foreground text-sm">{t('payments.buyer.description')}</p>
      </div>
      {fields.map((name) => {
        const id = `${ids}-${name}`;
        const error = errorOf(name);
        const hint = name === 'vatNumber' ? `${id}-hint` : undefined;
        const describedBy = [hint, error ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined;
        const common = {
          id,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy,
          'aria-required': name === 'vatNumber' ? undefined : true,
        } as const;
        return (
          <div key={name} className="grid gap-2">
            <Label htmlFor={id}>{t(`payments.buyer.fields.${name}`)}</Label>
            {name === 'businessAddress' ? (
              <Textarea rows={3} autoComplete="street-address" {...common} {...register(name)} />
            ) : (
              <Input
                autoComplete={name === 'businessName' ? 'organization' : 'off'}
                spellCheck={name === 'vatNumber' ? false : undefined}
                {...common}
                {...register(name)}
              />
            )}
            {hint && (
              <p id={hint} className="text-muted-foreground text-xs">
                {t('payments.buyer.vatHint')}
              </p>
            )}
            {error && (
              <p id={`${id}-error`} className="text-destructive text-sm">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <Button type="submit" className="justify-self-start">
        {t('payments.buyer.continue')}
      </Button>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { type z } from 'zod';
import {
  createPaymentSchema,
  formatAmount,
  formatMoney,
  manualPaymentCurrencies,
  manualPaymentDefaults,
  minManualAmount,
  paymentMessages,
} from '@reviewroute/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useLanguage } from '@/lib/use-language';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useCreatePayment } from '../api/create-payment';
import { routeQueryOptions } from '@/lib/route-query';
import { lastPayment, leaveForCheckout, rememberPayment } from '../lib/last-payment';
import { paymentErrorMessage } from '../lib/payment-errors';

/** The manual branch of the create request: what this form edits and the API checks again. */
const manualPaymentSchema = createPaymentSchema.options[1];
type ManualInput = z.input<typeof manualPaymentSchema>;
type Manual = z.output<typeof manualPaymentSchema>;

const messageKeys = {
  [paymentMessages.amountTooSmall]: 'payments.errors.amountTooSmall',
  [paymentMessages.amountTooLarge]: 'payments.errors.amountTooLarge',
  [paymentMessages.descriptionRequired]: 'payments.errors.descriptionRequired',
} as const;
const messageKeyOf = (message: string | undefined) =>
  message === undefined ? undefined : (messageKeys[message as keyof typeof messageKeys] ?? 'payments.errors.generic');

/**
 * The payment form's manual mode (spec 2 "Payment form", 5): an amount of at least the Starter plan's in steps
 * of 0.01, in EUR, and a description; Pay leaves for the provider's checkout. Once a payment exists
 * (this visit or the last one in this tab), 'Check Status' asks the API where it stands.
 */
export function ManualPaymentForm() {
  const { t } = useTranslation(['billing', 'errors']);
  const ids = useId();
  const queryClient = useQueryClient();
  const language = useLanguage();
  const create = useCreatePayment();
  const [paymentId, setPaymentId] = useState(lastPayment);
  const [status, setStatus] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const form = useForm<ManualInput, unknown, Manual>({
    resolver: zodResolver(manualPaymentSchema),
    mode: 'onChange',
    defaultValues: {
      kind: 'manual',
      amount: manualPaymentDefaults.amount,
      currency: manualPaymentDefaults.currency,
      description: t('payments.form.defaultDescription'),
    },
  });
  const [amount, currency, description] = useWatch({
    control: form.control,
    name: ['amount', 'currency', 'description'],
  });
  const validAmount = typeof amount === 'number' && Number.isFinite(amount) && amount >= minManualAmount;
  const payDisabled = !validAmount || !description?.trim() || create.isPending;
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) =>
    create.mutate(
      { ...values, language },
      {
        onSuccess: ({ paymentId: id, checkoutUrl }) => {
          rememberPayment(id);
          setPaymentId(id);
          leaveForCheckout(checkoutUrl);
        },
        onError: (error) =>
          toast.error(t('payments.toasts.failed'), {
            description: paymentErrorMessage(error, t, (code) => t(`errors:api.${code}` as never)),
          }),
      },
    ),
  );

  const checkStatus = async () => {
    if (!paymentId) return;
    setChecking(true);
    try {
      const payment = await queryClient.fetchQuery({
        ...routeQueryOptions('get-payment', { params: { paymentId } }),
        staleTime: 0,
      });
      setStatus(t('payments.form.statusOf', { id: payment.id, status: t(`payments.form.statuses.${payment.status}`) }));
    } catch (error) {
      toast.error(t('payments.toasts.failed'), {
        description: paymentErrorMessage(error, t, (code) => t(`errors:api.${code}` as never)),
      });
    } finally {
      setChecking(false);
    }
  };

  const fieldError = (id: string, message: string | undefined) => {
    const key = messageKeyOf(message);
    return key ? (
      <p id={id} className="text-destructive text-sm">
        {t(key, { min: formatMoney(minManualAmount, 'EUR', language) })}
      </p>
    ) : null;
  };
  const amountError = `${ids}-amount-error`;
  const descriptionError = `${ids}-description-error`;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-amount`}>{t('payments.form.amount')}</Label>
          <Input
            id={`${ids}-amount`}
            type="number"
            inputMode="decimal"
            min={minManualAmount}
            step={0.01}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? amountError : undefined}
            {...form.register('amount', { valueAsNumber: true })}
          />
          {fieldError(amountError, errors.amount?.message)}
        </div>
        <div className="grid gap-2">
          <Label id={`${ids}-currency-label`}>{t('payments.form.currency')}</Label>
          <Controller
            control={form.control}
            name="currency"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger aria-labelledby={`${ids}-currency-label`} className="w-full" onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {manualPaymentCurrencies.map((code) => (
                    <SelectItem key={code} value={code}>
                      {code}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${ids}-description`}>{t('payments.form.description')}</Label>
        <Input
          id={`${ids}-description`}
          maxLength={255}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? descriptionError : undefined}
          {...form.register('description')}
        />
        {fieldError(descriptionError, errors.description?.message)}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={payDisabled}>
          {create.isPending && <Loader2 aria-hidden="true" className="animate-spin" />}
          {t('payments.form.pay', { currency, amount: formatAmount(validAmount ? amount : 0, language) })}
        </Button>
        {paymentId && (
          <Button type="button" variant="outline" onClick={() => void checkStatus()} disabled={checking}>
            <RefreshCw aria-hidden="true" className={checking ? 'animate-spin' : undefined} />
            {t('payments.form.checkStatus')}
          </Button>
        )}
      </div>
      <p role="status" className="text-muted-foreground text-sm empty:hidden">
        {status}
      </p>
    </form>
  );
}

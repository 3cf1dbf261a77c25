import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Undo2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatMoney, isRefundable, refundableUntil, type Payment } from '@reviewroute/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { call } from '@/lib/api-client';
import { apiErrorMessageKey } from '@/lib/api-errors';
import { formatLongDate } from '@/lib/money';
import { routeQueryKey } from '@/lib/route-query';
import { useLanguage } from '@/lib/use-language';

/** The plan of the history that can still be cancelled for its money back (decisions 28), newest first; or none. */
export const refundablePlanOf = (payments: readonly Payment[], now = new Date()): Payment | undefined =>
  payments.find((payment) => isRefundable(payment, now));

/**
 * 14 days money back (decisions 28): while a plan paid less than 14 days ago is running, the billing tab offers to
 * cancel it for a full refund through Mollie; confirmed in a dialog that says the plan ends at once (the button
 * then says it is refunding until the API answers).
 */
export function RefundOffer({ payment }: { payment: Payment }) {
  const { t } = useTranslation(['billing', 'errors']);
  const language = useLanguage();
  const queryClient = useQueryClient();
  const plan = payment.plan ? t(`billing:tiers.${payment.plan}`) : payment.description;
  const amount = formatMoney(payment.amount, payment.currency, language);
  const until = formatLongDate(refundableUntil(payment) ?? payment.createdAt, language);
  const refund = useMutation({
    mutationFn: () => call('refund-payment', { params: { paymentId: payment.id } }),
    onSuccess: () => {
      toast.success(t('billing:billingTab.refund.done', { plan, amount }));
      void queryClient.invalidateQueries({ queryKey: routeQueryKey('get-account') });
      void queryClient.invalidateQueries({ queryKey: routeQueryKey('list-payments') });
    },
    onError: (error) => {
      toast.error(t(`errors:${apiErrorMessageKey(error)}`));
      void queryClient.invalidateQueries({ queryKey: routeQueryKey('list-payments') });
    },
  });
  return (
    <div className="grid gap-3 rounded-md border p-4" data-testid="refund-offer">
      <p className="text-sm">{t('billing:billingTab.refund.offer', { plan, amount, date: until })}</p>
      <ConfirmDialog
        trigger={
          // Wraps on a phone: the Dutch label is longer than a narrow card.
          <Button
            type="button"
            variant="outline"
            className="h-auto justify-self-start text-left whitespace-normal"
            disabled={refund.isPending}
          >
            <Undo2 aria-hidden="true" />
            {refund.isPending ? t('billing:billingTab.refund.working') : t('billing:billingTab.refund.cancel')}
          </Button>
        }
        title={t('billing:billingTab.refund.confirmTitle', { plan })}
        description={t('billing:billingTab.refund.confirmText', { plan, amount })}
        cancelLabel={t('billing:billingTab.refund.keep')}
        confirmLabel={t('billing:billingTab.refund.confirm')}
        onConfirm={() => refund.mutate()}
      />
    </div>
  );
}

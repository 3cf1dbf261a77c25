import { useTranslation } from 'react-i18next';
import { type Payment } from '@reviewroute/shared';

/**
 * What a payment bought, in the reader's language. A plan payment's stored description is the English one
 * Mollie shows ('Growth - Annual Subscription'), so billing and the invoice name the plan from the catalogue
 * instead; a manual payment keeps the description its payer typed.
 */
export function usePaymentItem(): (payment: Pick<Payment, 'plan' | 'description'>) => string {
  const { t } = useTranslation(['billing', 'marketing']);
  return (payment) =>
    payment.plan
      ? t('invoice.planItem', { plan: t(`marketing:pricing.plans.${payment.plan}.name`) })
      : payment.description;
}

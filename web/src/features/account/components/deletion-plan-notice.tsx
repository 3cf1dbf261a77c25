import { useTranslation } from 'react-i18next';
import { formatMoney } from '@reviewroute/shared';
import { formatLongDate } from '@/lib/money';
import { useRouteQuery } from '@/lib/route-query';
import { useLanguage } from '@/lib/use-language';
import { refundablePlanOf } from './refund-offer';

/**
 * What a deletion does to a running plan, said in the dialog before the owner confirms (decisions 28): the plan and
 * its end, and whether it is refunded (paid less than 14 days ago: the whole amount) or not.
 */
export function DeletionPlanNotice() {
  const { t } = useTranslation(['account', 'billing']);
  const language = useLanguage();
  const account = useRouteQuery('get-account');
  const payments = useRouteQuery('list-payments');
  const plan = account.data?.plan;
  // Said only once both are known: a history still loading must not read as "not refunded".
  if (plan?.kind !== 'active' || !payments.data) return null;
  const refundable = refundablePlanOf(payments.data.payments);
  const values = { plan: t(`billing:tiers.${plan.tier}`), date: formatLongDate(plan.activeUntil, language) };
  return (
    <p className="text-sm" data-testid="delete-plan">
      {t('account:dangerTab.delete.plan', values)}{' '}
      {refundable
        ? t('account:dangerTab.delete.planRefunded', {
            amount: formatMoney(refundable.amount, refundable.currency, language),
          })
        : t('account:dangerTab.delete.planNotRefunded')}
    </p>
  );
}

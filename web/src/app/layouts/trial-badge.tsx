import { type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type AccountSummary } from '@reviewroute/shared';
import { Badge } from '@/components/ui/badge';
import { useRouteQuery } from '@/lib/route-query';
import { cn } from '@/lib/utils';

type Plan = AccountSummary['plan'];

/**
 * The badge's text (full, and short for phones) of a plan state (decisions 10: 7 days from sign-up until a
 * completed payment, then a year): a trial counts its days, a paid plan names its tier and the days left.
 */
export function planBadgeText(plan: Plan, t: TFunction<['dashboard', 'billing']>): { text: string; short: string } {
  switch (plan.kind) {
    case 'trial':
      return {
        text: t('trial.trialDays', { count: plan.daysRemaining }),
        short: t('trial.trialDaysShort', { count: plan.daysRemaining }),
      };
    case 'trial-ended': {
      const text = t('trial.trialEnded');
      return { text, short: text };
    }
    case 'active': {
      const tier = t(`billing:tiers.${plan.tier}`);
      return {
        text: t('billing:badge.active', { tier, count: plan.daysRemaining }),
        short: t('billing:badge.activeShort', { count: plan.daysRemaining }),
      };
    }
    case 'expired': {
      const text = t('billing:badge.expired');
      return { text, short: text };
    }
  }
}

const tone: Record<Plan['kind'], string> = {
  trial: 'border-amber-300 bg-amber-50 text-amber-900',
  'trial-ended': 'border-red-300 bg-red-50 text-red-800',
  active: 'border-green-300 bg-green-50 text-green-800',
  expired: 'border-red-300 bg-red-50 text-red-800',
};

/** Header badge (spec 2 "Dashboard"): the plan state from the account summary; nothing while it loads or fails. */
export function TrialBadge() {
  const { t } = useTranslation(['dashboard', 'billing']);
  const account = useRouteQuery('get-account');
  if (!account.data) return null;
  const { plan } = account.data;
  // Phones get a short text; screen readers always hear the full one.
  const { text, short } = planBadgeText(plan, t);
  return (
    <Badge variant="outline" className={cn('max-w-32 sm:max-w-none', tone[plan.kind])} data-testid="plan-badge">
      <span className="sr-only">{t('trial.label')}: </span>
      <span aria-hidden="true" className="truncate sm:hidden">
        {short}
      </span>
      <span className="sr-only sm:not-sr-only">{text}</span>
    </Badge>
  );
}

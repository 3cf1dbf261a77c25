import { useTranslation } from 'react-i18next';
import { type AccountSummary } from '@reviewroute/shared';
import { Badge } from '@/components/ui/badge';
import { useAccountSummary } from '@/features/dashboard/api/get-account-summary';
import { cn } from '@/lib/utils';

type Plan = AccountSummary['plan'];

/** The badge text of a plan state (decisions 10: 7 days from sign-up until a completed payment). */
export function planBadgeKey(plan: Plan) {
  switch (plan.kind) {
    case 'trial':
      return { key: 'trial.trialDays', count: plan.daysRemaining } as const;
    case 'trial-ended':
      return { key: 'trial.trialEnded' } as const;
    case 'active':
      return { key: 'trial.active' } as const;
    case 'expired':
      return { key: 'trial.expired' } as const;
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
  const { t } = useTranslation('dashboard');
  const account = useAccountSummary();
  if (!account.data) return null;
  const { plan } = account.data;
  const badge = planBadgeKey(plan);
  const text = 'count' in badge ? t(badge.key, { count: badge.count }) : t(badge.key);
  // Phones get a short trial text; screen readers always hear the full one.
  const short = 'count' in badge ? t('trial.trialDaysShort', { count: badge.count }) : text;
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

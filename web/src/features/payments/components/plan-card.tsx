import { Check, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type PlanId, planPricing } from '@reviewroute/shared';
import { PlanPrice } from '@/components/plan-price';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export type SelectionPhase = 'selecting' | 'selected';

interface PlanCardProps {
  plan: PlanId;
  popular: boolean;
  /** This plan's place in the selection, if it is the chosen one. */
  phase: SelectionPhase | null;
  /** Another plan is being bought, or the session is still loading. */
  busy: boolean;
  /** Signed out: the button reads as disabled but still explains, on click, why (spec 2 "Payments"). */
  signedOut: boolean;
  onBuy: (plan: PlanId) => void;
}

/** One plan (spec 3 "Plan"): name, list and launch price per year (decisions 21), what it includes and Buy Now. */
export function PlanCard({ plan, popular, phase, busy, signedOut, onBuy }: PlanCardProps) {
  const { t } = useTranslation(['billing', 'marketing']);
  const pricing = planPricing[plan];
  const surveys =
    pricing.surveys === null
      ? t('marketing:pricing.surveys.unlimited')
      : pricing.surveys === 1
        ? t('marketing:pricing.surveys.single', { count: pricing.surveys })
        : t('marketing:pricing.surveys.upTo', { count: pricing.surveys });
  const label =
    phase === 'selecting'
      ? t('payments.selecting')
      : phase === 'selected'
        ? t('payments.selected')
        : t('payments.buyNow');
  const titleId = `plan-${plan}`;
  return (
    <li
      aria-labelledby={titleId}
      className={cn(
        'bg-card relative flex flex-col rounded-2xl border p-6 shadow-xs sm:p-7',
        popular && 'border-primary ring-primary shadow-lg ring-1',
        phase && 'ring-primary ring-2',
      )}
    >
      {popular && (
        <p className="bg-primary text-primary-foreground absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap">
          {t('payments.mostPopular')}
        </p>
      )}
      <h2 id={titleId} className="text-xl font-semibold">
        {t(`marketing:pricing.plans.${plan}.name`)}
      </h2>
      <p className="text-muted-foreground mt-1 text-sm">{t(`marketing:pricing.plans.${plan}.description`)}</p>
      <PlanPrice plan={plan} />
      <p className="text-primary mt-2 text-sm font-semibold">{surveys}</p>
      <ul className="mt-6 grid gap-3 text-sm">
        {t(`marketing:pricing.plans.${plan}.features`, { returnObjects: true }).map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="text-primary mt-0.5 size-4 shrink-0" />
            {feature}
          </li>
        ))}
      </ul>
      <Button
        type="button"
        size="lg"
        variant={popular ? 'default' : 'outline'}
        className={cn('mt-8 w-full', signedOut && 'cursor-not-allowed opacity-60')}
        disabled={busy}
        aria-disabled={signedOut || undefined}
        aria-describedby={titleId}
        onClick={() => onBuy(plan)}
      >
        {phase === 'selecting' && <Loader2 aria-hidden="true" className="animate-spin" />}
        {label}
      </Button>
    </li>
  );
}

import { BadgeCheck, Check, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type PlanId, allowances } from '@reviewroute/shared';
import { PlanPrice } from '@/components/plan-price';
import { Button } from '@/components/ui/button';
import { formatLongDate } from '@/lib/money';
import { useLanguage } from '@/lib/use-language';
import { cn } from '@/lib/utils';
import type { PlanOffer } from '../lib/plan-offer';

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
  /** What buying this plan does for the owner now (decisions 22); the button says so. */
  offer: PlanOffer;
  /** The current plan's end (the card offering to extend it shows it). */
  activeUntil?: string | undefined;
}

const offerLabels = {
  buy: 'payments.buyNow',
  extend: 'payments.offers.extend',
  upgrade: 'payments.offers.upgrade',
  later: 'payments.offers.later',
  renew: 'payments.offers.renew',
} as const satisfies Record<PlanOffer, string>;

/**
 * One plan (spec 3 "Plan"): name, list and launch price per year (decisions 21), what it includes and its
 * button: Buy Now, or for an owner with a plan what buying it does (extend the current plan, upgrade, renew).
 */
export function PlanCard({ plan, popular, phase, busy, signedOut, onBuy, offer, activeUntil }: PlanCardProps) {
  const { t } = useTranslation(['billing', 'marketing']);
  const language = useLanguage();
  const current = offer === 'extend';
  const { activeSurveys } = allowances[plan];
  const surveys =
    activeSurveys === null
      ? t('marketing:pricing.surveys.unlimited')
      : activeSurveys === 1
        ? t('marketing:pricing.surveys.single', { count: activeSurveys })
        : t('marketing:pricing.surveys.upTo', { count: activeSurveys });
  const label =
    phase === 'selecting'
      ? t('payments.selecting')
      : phase === 'selected'
        ? t('payments.selected')
        : t(offerLabels[offer]);
  const titleId = `plan-${plan}`;
  return (
    <li
      aria-labelledby={titleId}
      className={cn(
        'bg-card relative flex flex-col rounded-2xl border p-6 shadow-xs sm:p-7',
        popular && 'border-primary ring-primary shadow-lg ring-1',
        phase && 'ring-primary ring-2',
        current && 'border-green-600 ring-1 ring-green-600',
      )}
      data-current={current || undefined}
    >
      {popular && (
        <p className="bg-primary text-primary-foreground absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap">
          {t('payments.mostPopular')}
        </p>
      )}
      <h2 id={titleId} className="text-xl font-semibold">
        {t(`marketing:pricing.plans.${plan}.name`)}
      </h2>
      {current && (
        <p
          className="mt-2 inline-flex items-center gap-1.5 self-start rounded-full border border-green-600 bg-green-50 px-2.5 py-0.5 text-sm font-medium text-green-800"
          data-testid="plan-current"
        >
          <BadgeCheck aria-hidden="true" className="size-4" />
          {t('payments.offers.current')}
        </p>
      )}
      {current && activeUntil && (
        <p className="mt-1 text-sm font-medium" data-testid="plan-active-until">
          {t('payments.offers.activeUntil', { date: formatLongDate(activeUntil, language) })}
        </p>
      )}
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

import { Trans, useTranslation } from 'react-i18next';
import { formatMoney, type PlanId, planPricing } from '@reviewroute/shared/domain';
import { useLanguage } from '@/lib/use-language';

/**
 * A plan's price as every plan card shows it (decisions 21): the spec's list price as the regular price,
 * struck through and labelled (a strike alone is not read out), and the launch price we charge beside it,
 * both per year and including VAT. The home page and /payments render this same block.
 */
export function PlanPrice({ plan }: { plan: PlanId }) {
  const { t } = useTranslation('common');
  const language = useLanguage();
  const pricing = planPricing[plan];
  const money = (amount: number) => formatMoney(amount, pricing.currency, language, true);
  return (
    <div className="mt-6 grid gap-1" data-testid={`plan-price-${plan}`}>
      <p className="text-muted-foreground text-sm" data-testid="plan-list-price">
        {t('price.regular')}{' '}
        <s className="decoration-muted-foreground/70">{t('price.perYear', { price: money(pricing.listPrice) })}</s>
      </p>
      {/* Inline text, not flex items: the line reads (and copies) as one sentence, "Launch price: €120 / year". */}
      <p className="leading-tight" data-testid="plan-launch-price">
        <Trans
          t={t}
          i18nKey="price.launch"
          values={{ price: money(pricing.chargedAmount) }}
          components={{
            label: <span className="text-primary text-sm font-semibold" />,
            // The amount and its period wrap as one: never "/" on one line and "year" on the next.
            nowrap: <span className="whitespace-nowrap" />,
            amount: <span className="text-foreground text-4xl font-bold tracking-tight" />,
            period: <span className="text-muted-foreground text-sm" />,
          }}
        />
      </p>
      <p className="text-muted-foreground pb-1 text-xs">{t('price.inclVat')}</p>
    </div>
  );
}

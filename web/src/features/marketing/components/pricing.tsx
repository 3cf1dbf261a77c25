import { Check, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type PlanId, allowances, planIds } from '@reviewroute/shared/domain';
import { PlanPrice } from '@/components/plan-price';
import { Button } from '@/components/ui/button';
import { useLanguage, useLocalizedPath } from '@/lib/use-language';
import { cn } from '@/lib/utils';
import { SectionHeader } from './section-header';

/** The plan the pricing highlights (spec 2: Growth, 'Most Popular'). */
const popularPlan: PlanId = 'growth';

/**
 * Three annual plans, each with its list and launch price (decisions 21) and a link to /auth; then the extra
 * info, the VAT line (both languages: every page with a price says the prices include VAT) and sales text.
 */
export function Pricing() {
  const { t } = useTranslation('marketing');
  const language = useLanguage();
  const to = useLocalizedPath();
  const surveysText = (surveys: number | null) =>
    surveys === null
      ? t('pricing.surveys.unlimited')
      : surveys === 1
        ? t('pricing.surveys.single', { count: surveys })
        : t('pricing.surveys.upTo', { count: surveys });
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 border-t bg-white py-20">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeader
          id="pricing-title"
          eyebrow={t('pricing.eyebrow')}
          title={t('pricing.title')}
          subtitle={t('pricing.subtitle')}
        />
        <ul className="mt-14 grid items-stretch gap-6 lg:grid-cols-3">
          {planIds.map((plan) => {
            const popular = plan === popularPlan;
            return (
              <li
                key={plan}
                aria-labelledby={`plan-${plan}`}
                className={cn(
                  'bg-card relative flex flex-col rounded-2xl border p-7 shadow-xs',
                  popular && 'border-primary ring-primary shadow-lg ring-1 lg:-my-3 lg:py-10',
                )}
              >
                {popular && (
                  <p className="bg-primary text-primary-foreground absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap">
                    {t('pricing.mostPopular')}
                  </p>
                )}
                <h3 id={`plan-${plan}`} className="text-xl font-semibold">
                  {t(`pricing.plans.${plan}.name`)}
                </h3>
                <p className="text-muted-foreground mt-1 text-sm">{t(`pricing.plans.${plan}.description`)}</p>
                <PlanPrice plan={plan} />
                <p className="text-primary mt-2 text-sm font-semibold">{surveysText(allowances[plan].activeSurveys)}</p>
                <ul className="mt-6 grid gap-3 text-sm">
                  {t(`pricing.plans.${plan}.features`, { returnObjects: true }).map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <Check aria-hidden="true" className="text-primary mt-0.5 size-4 shrink-0" />
                      {feature}
                    </li>
                  ))}
                </ul>
                <Button asChild size="lg" variant={popular ? 'default' : 'outline'} className="mt-8 w-full">
                  <Link to={to('/auth')} aria-describedby={`plan-${plan}`}>
                    {t('pricing.cta')}
                  </Link>
                </Button>
              </li>
            );
          })}
        </ul>
        <div className="text-muted-foreground mx-auto mt-12 max-w-2xl space-y-2 text-center text-sm">
          <p>{t('pricing.extraInfo')}</p>
          <p>{t('pricing.vat')}</p>
          {language === 'nl' && (
            <p className="text-foreground inline-flex items-center gap-1.5 font-medium">
              <ShieldCheck aria-hidden="true" className="text-primary size-4" />
              {t('pricing.moneyBack')}
            </p>
          )}
          <p className="pt-2">
            {t('pricing.sales')}{' '}
            <Link to={to('/contact')} className="text-primary font-semibold underline-offset-4 hover:underline">
              {t('pricing.salesLink')}
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}

import { type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, type PlanId, planPricing, type PurchaseBuyer, splitVat } from '@reviewroute/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useLanguage } from '@/lib/use-language';
import { BuyerDetailsForm } from './buyer-details-form';
import { PlanPayment } from './plan-payment';

/**
 * 'Complete Your Purchase' (spec 2 "Payments"): the chosen plan, its launch price and period, what is charged
 * now with the VAT it includes, Cancel, the business details the invoice carries (prefilled from the profile),
 * then the payment form in auto mode. Only the launch price appears here (decisions 21): it is the amount the
 * checkout and the invoice show, so nobody pays a figure they were not shown.
 */
interface CheckoutCardProps {
  plan: PlanId;
  onCancel: () => void;
  /** The heading, focused when the page scrolls to the card. */
  headingRef: Ref<HTMLHeadingElement>;
}

export function CheckoutCard({ plan, onCancel, headingRef }: CheckoutCardProps) {
  const { t } = useTranslation(['billing', 'marketing', 'common']);
  const language = useLanguage();
  // Set once the business details are confirmed: then the payment is created with them.
  const [buyer, setBuyer] = useState<PurchaseBuyer | null>(null);
  const pricing = planPricing[plan];
  const { vat } = splitVat(pricing.chargedAmount);
  const rows = [
    [t('payments.checkout.plan'), t(`marketing:pricing.plans.${plan}.name`), null],
    [
      t('payments.checkout.price'),
      t('common:price.perYear', { price: formatMoney(pricing.chargedAmount, pricing.currency, language, true) }),
      t('common:price.inclVat'),
    ],
    [t('payments.checkout.period'), t('payments.checkout.periodValue'), null],
    [
      t('payments.checkout.charged'),
      formatMoney(pricing.chargedAmount, pricing.currency, language),
      t('common:price.inclVatAmount', { vat: formatMoney(vat, pricing.currency, language) }),
    ],
  ] as const;
  return (
    <Card className="scroll-mt-24">
      <CardHeader>
        <CardTitle>
          <h2 id="checkout-title" ref={headingRef} tabIndex={-1} className="scroll-mt-24 text-xl outline-none">
            {t('payments.checkout.title')}
          </h2>
        </CardTitle>
        <CardDescription>{t(`marketing:pricing.plans.${plan}.description`)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {rows.map(([term, value, note]) => (
            <div key={term} className="flex justify-between gap-4 border-b pb-2 sm:block sm:border-0 sm:pb-0">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="text-right sm:text-left">
                <span className="font-medium">{value}</span>
                {note && <span className="text-muted-foreground block text-xs">{note}</span>}
              </dd>
            </div>
          ))}
        </dl>
        {buyer ? <PlanPayment plan={plan} buyer={buyer} /> : <BuyerDetailsForm onSubmit={setBuyer} />}
        <Button type="button" variant="outline" onClick={onCancel} className="justify-self-start">
          {t('payments.checkout.cancel')}
        </Button>
      </CardContent>
    </Card>
  );
}

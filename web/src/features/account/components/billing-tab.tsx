import { useTranslation } from 'react-i18next';

/** The account page's billing tab. */
export function BillingTab() {
  const { t } = useTranslation('billing');
  return <p className="text-muted-foreground">{t('billingTab.placeholder')}</p>;
}

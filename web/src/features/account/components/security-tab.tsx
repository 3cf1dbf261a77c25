import { useTranslation } from 'react-i18next';

/** The account page's security tab. */
export function SecurityTab() {
  const { t } = useTranslation('security');
  return <p className="text-muted-foreground">{t('securityTab.placeholder')}</p>;
}

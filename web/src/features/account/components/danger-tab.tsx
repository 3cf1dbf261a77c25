import { useTranslation } from 'react-i18next';

/** The account page's danger tab. */
export function DangerTab() {
  const { t } = useTranslation('account');
  return <p className="text-muted-foreground">{t('dangerTab.placeholder')}</p>;
}

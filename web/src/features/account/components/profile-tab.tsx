import { useTranslation } from 'react-i18next';

/** The account page's profile tab. */
export function ProfileTab() {
  const { t } = useTranslation('account');
  return <p className="text-muted-foreground">{t('profileTab.placeholder')}</p>;
}

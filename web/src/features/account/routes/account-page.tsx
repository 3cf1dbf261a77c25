import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /account: guarded; profile, security, billing and danger tabs arrive in later issues. */
export function AccountPage() {
  const { t } = useTranslation('dashboard');
  useDocumentTitle(t('account.title'));
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">{t('account.title')}</h1>
      <p className="text-muted-foreground">{t('account.description')}</p>
    </>
  );
}

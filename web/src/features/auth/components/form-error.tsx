import { AlertCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

/** The destructive alert of spec 8: the auth service's message, or the translated unexpected-error text. */
export function FormError({ message }: { message: string | null }) {
  const { t } = useTranslation('auth');
  if (!message) return null;
  return (
    <Alert variant="destructive">
      <AlertCircle aria-hidden="true" />
      <AlertTitle>{t('errorTitle')}</AlertTitle>
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

import { AlertCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { type ShownAuthError } from './use-auth-error';

interface FormErrorProps {
  error: ShownAuthError | null;
  /** A way out shown under the message, such as "Sign in instead" for an address that already has an account. */
  action?: { label: string; onClick: () => void };
}

/** The destructive alert of spec 8: what went wrong and what to do, in the page's language. */
export function FormError({ error, action }: FormErrorProps) {
  const { t } = useTranslation(['auth', 'errors']);
  if (!error) return null;
  const title = error === 'unexpected' ? t('errorTitle') : t(`errors.${error}.title`);
  const description = error === 'unexpected' ? t('errors:unexpected') : t(`errors.${error}.description`);
  return (
    <Alert variant="destructive" data-testid="auth-error" data-error={error}>
      <AlertCircle aria-hidden="true" />
      <AlertTitle className="line-clamp-none">{title}</AlertTitle>
      <AlertDescription>
        <p>{description}</p>
        {action && (
          <Button type="button" variant="outline" size="sm" className="text-foreground mt-1" onClick={action.onClick}>
            {action.label}
          </Button>
        )}
      </AlertDescription>
    </Alert>
  );
}

import { Plus, Sparkles } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { apiErrorMessageKey } from '@/lib/api-errors';
import { useMe } from '@/lib/me';
import { useLocalizedPath } from '@/lib/use-language';

/** Dashboard shell content until surveys exist: a welcome and the way to the first survey. */
export function DashboardPage() {
  const { t } = useTranslation(['dashboard', 'errors']);
  const to = useLocalizedPath();
  const me = useMe();
  useDocumentTitle(t('title'));
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
      <Card className="max-w-2xl">
        <CardHeader>
          <div className="bg-accent text-primary mb-2 flex size-10 items-center justify-center rounded-full">
            <Sparkles aria-hidden="true" className="size-5" />
          </div>
          <CardTitle>
            <h2 className="text-lg">{t('welcome.title')}</h2>
          </CardTitle>
          <CardDescription>{t('welcome.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="text-sm" aria-live="polite">
            {me.isPending ? (
              <Skeleton className="h-5 w-56" />
            ) : me.isError ? (
              <p className="text-destructive">{t(`errors:${apiErrorMessageKey(me.error)}`)}</p>
            ) : (
              <p data-testid="me-email">
                <Trans
                  t={t}
                  i18nKey="welcome.signedInAs"
                  values={{ email: me.data.email }}
                  components={{ strong: <strong className="break-all" /> }}
                />
              </p>
            )}
          </div>
          <Button asChild className="w-fit">
            <Link to={to('/survey-setup')}>
              <Plus aria-hidden="true" />
              {t('welcome.cta')}
            </Link>
          </Button>
        </CardContent>
      </Card>
    </>
  );
}

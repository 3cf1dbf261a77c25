import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLocalizedPath } from '@/lib/use-language';
import { useSetAlertsByLink } from '../api/set-alerts-by-link';

/**
 * The page behind the footer link of a low-rating alert or digest (decisions 23): it switches that survey's
 * alerts off as it opens (a POST from the page, so a mail scanner that only fetches the link changes nothing),
 * confirms it, and offers to turn them on again or to go to the dashboard. No sign-in: the link is the proof.
 */
export function AlertLinkPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation('common');
  const to = useLocalizedPath();
  const mutation = useSetAlertsByLink(token);
  const { mutate } = mutation;
  useDocumentTitle(t('alertLink.title'));

  useEffect(() => {
    mutate(false);
  }, [mutate, token]);

  const result = mutation.data;
  const heading = mutation.isError
    ? t('alertLink.invalidTitle')
    : result
      ? result.lowRatingAlerts
        ? t('alertLink.onTitle')
        : t('alertLink.offTitle')
      : t('alertLink.title');

  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <h1 className="text-2xl font-semibold sm:text-3xl">{heading}</h1>
      <div role="status" aria-live="polite" className="text-muted-foreground mt-3">
        {mutation.isError ? (
          <p>{t('alertLink.invalid')}</p>
        ) : result ? (
          <p>
            {result.lowRatingAlerts
              ? t('alertLink.on', { businessName: result.businessName })
              : t('alertLink.off', { businessName: result.businessName })}
          </p>
        ) : (
          <p>{t('alertLink.working')}</p>
        )}
      </div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {result ? (
          <Button
            variant="outline"
            disabled={mutation.isPending}
            onClick={() => mutation.mutate(!result.lowRatingAlerts)}
          >
            {result.lowRatingAlerts ? t('alertLink.turnOff') : t('alertLink.turnOn')}
          </Button>
        ) : null}
        <Button asChild>
          <Link to={to('/dashboard')}>{t('alertLink.dashboard')}</Link>
        </Button>
      </div>
    </section>
  );
}

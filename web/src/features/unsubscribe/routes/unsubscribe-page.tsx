import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useUnsubscribe } from '../api/unsubscribe';

/**
 * The page behind the unsubscribe link in a review request's footer, for the customer who got it. It asks
 * before it acts: a mail scanner that follows the link must not unsubscribe anyone (mail clients that offer
 * one-click unsubscribe POST to the API themselves, RFC 8058). The API answers the same for every token, so
 * the page never tells whether an address or a business is behind one. The token is the mail's unsubscribe
 * token, a secret of its own: the survey link's token (a forwarded survey link) unsubscribes nobody.
 */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  const { t } = useTranslation('common');
  const mutation = useUnsubscribe(token);
  useDocumentTitle(t('unsubscribe.title'));
  const done = mutation.isSuccess;

  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <h1 className="text-2xl font-semibold sm:text-3xl">
        {done ? t('unsubscribe.doneTitle') : t('unsubscribe.title')}
      </h1>
      <div role="status" aria-live="polite" className="text-muted-foreground mt-3 grid gap-2">
        {done ? (
          <p>{t('unsubscribe.done')}</p>
        ) : (
          <>
            <p>{t('unsubscribe.question')}</p>
            {mutation.isError && <p className="text-destructive">{t('unsubscribe.failed')}</p>}
          </>
        )}
      </div>
      {!done && (
        <Button className="mt-8" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
          {mutation.isPending && <Loader2 aria-hidden="true" className="animate-spin" />}
          {t('unsubscribe.confirm')}
        </Button>
      )}
    </section>
  );
}

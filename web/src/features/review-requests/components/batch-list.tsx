import { ChevronDown, Loader2, Mail, MessageSquare, RotateCw } from 'lucide-react';
import { type UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatDateTime,
  formatPhoneNumber,
  recipientStatusOf,
  type RecipientStatus,
  type RequestBatch,
  type RequestRecipient,
} from '@reviewroute/shared';
import { LoadingStatus } from '@/components/loading-status';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorMessageKey } from '@/lib/api-errors';
import { useLanguage } from '@/lib/use-language';
import { cn } from '@/lib/utils';
import { isSettled, useRequestBatches } from '../api/list-request-batches';
import { useRequestRecipients } from '../api/list-request-recipients';

/** A batch's moments as every page writes them, in the page's language. */
const useDateTime = () => {
  const language = useLanguage();
  return (iso: string) => formatDateTime(iso, language);
};

/** The survey's batches, newest first, each with its state and its customers' states and skip reasons. */
export function BatchList({ surveyId }: { surveyId: string }) {
  const { t } = useTranslation(['requests', 'errors']);
  const batches = useRequestBatches(surveyId);
  if (batches.isPending) return <LoadingStatus label={t('batches.loading')} shapes={['h-24']} />;
  // Only an error before anything was read replaces the list: a failed poll or next page keeps what is shown.
  if (!batches.data) return <LoadFailed query={batches} />;
  // Pages read again one after another can meet at their edges (a send moved everything down by one): each
  // batch is shown once.
  const byId = new Map(batches.data.pages.flatMap((page) => page.batches.map((batch) => [batch.id, batch] as const)));
  const newest = [...byId.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  if (newest.length === 0) return <p className="text-muted-foreground text-sm">{t('batches.empty')}</p>;
  return (
    <div className="grid gap-4">
      <ul className="grid gap-4" data-testid="batches">
        {newest.map((batch, index) => (
          <li key={batch.id}>
            <BatchCard surveyId={surveyId} batch={batch} defaultOpen={index === 0} />
          </li>
        ))}
      </ul>
      <LoadMore pages={batches} label={t('batches.loadMore')} />
    </div>
  );
}

/** A list that could not be read at all: why, and a button that reads it again. */
function LoadFailed({ query }: { query: Pick<UseInfiniteQueryResult, 'error' | 'isFetching' | 'refetch'> }) {
  const { t } = useTranslation(['requests', 'errors']);
  return (
    <div className="grid justify-items-start gap-2">
      <p role="alert" className="text-destructive text-sm">
        {t(`errors:${apiErrorMessageKey(query.error)}`)}
      </p>
      <Button type="button" variant="outline" disabled={query.isFetching} onClick={() => void query.refetch()}>
        {query.isFetching ? <Loader2 aria-hidden="true" className="animate-spin" /> : <RotateCw aria-hidden="true" />}
        {t('batches.retry')}
      </Button>
    </div>
  );
}

/**
 * The next page of a paged list (batches, a batch's customers), busy while it is read; none after the last. A
 * page that failed to load says so beside the button, which tries again.
 */
function LoadMore({
  pages,
  label,
}: {
  pages: Pick<
    UseInfiniteQueryResult,
    'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'error' | 'fetchNextPage'
  >;
  label: string;
}) {
  const { t } = useTranslation('errors');
  if (!pages.hasNextPage) return null;
  return (
    <div className="grid justify-items-start gap-2">
      <Button
        type="button"
        variant="outline"
        disabled={pages.isFetchingNextPage}
        onClick={() => void pages.fetchNextPage()}
      >
        {pages.isFetchingNextPage && <Loader2 aria-hidden="true" className="animate-spin" />}
        {label}
      </Button>
      {pages.isFetchNextPageError && !pages.isFetchingNextPage && (
        <p role="alert" className="text-destructive text-sm">
          {t(apiErrorMessageKey(pages.error))}
        </p>
      )}
    </div>
  );
}

const batchBadge: Record<RequestBatch['state'], 'default' | 'secondary' | 'outline'> = {
  preparing: 'outline',
  scheduled: 'outline',
  sending: 'secondary',
  done: 'default',
};

function BatchCard({ surveyId, batch, defaultOpen }: { surveyId: string; batch: RequestBatch; defaultOpen: boolean }) {
  const { t } = useTranslation('requests');
  const dateTime = useDateTime();
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Card data-testid="batch" className="gap-4 py-4">
      <Collapsible open={open} onOpenChange={setOpen}>
        <CardHeader className="px-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="grid gap-1">
              <CardTitle>
                <h3 className="text-base">
                  {/* The webhook makes a batch per booking: its title says where it came from, not "1 customer". */}
                  {batch.source === 'hook'
                    ? t('batches.hookTitle', { date: dateTime(batch.createdAt) })
                    : t('batches.title', { count: batch.total, date: dateTime(batch.createdAt) })}
                </h3>
              </CardTitle>
              <CardDescription>
                {batch.state === 'scheduled' || batch.state === 'preparing'
                  ? t('batches.sendsAt', { date: dateTime(batch.sendAt) })
                  : batch.state === 'done'
                    ? t('batches.doneAt', { date: dateTime(batch.sendAt) })
                    : t('batches.sentFrom', { date: dateTime(batch.sendAt) })}
                {batch.waitingUntil && <> · {t('batches.waiting', { date: dateTime(batch.waitingUntil) })}</>}
                {' · '}
                {batch.reminderDays > 0
                  ? t('batches.reminder', { count: batch.reminderDays })
                  : t('batches.noReminder')}
              </CardDescription>
            </div>
            <Badge variant={batchBadge[batch.state]} data-testid="batch-state">
              {t(`batchStates.${batch.state}`)}
            </Badge>
          </div>
          <CollapsibleTrigger asChild>
            <Button type="button" variant="ghost" size="sm" className="w-fit px-2">
              <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
              {open ? t('batches.hideCustomers') : t('batches.showCustomers')}
            </Button>
          </CollapsibleTrigger>
        </CardHeader>
        <CollapsibleContent>
          <CardContent className="px-4">
            <RecipientList surveyId={surveyId} batchId={batch.id} live={!isSettled(batch)} />
            <p className="text-muted-foreground mt-3 text-xs">
              {t('batches.permission', { date: dateTime(batch.permissionConfirmedAt) })}
            </p>
          </CardContent>
        </CollapsibleContent>
      </Collapsible>
    </Card>
  );
}

/** Each state's colours: waiting grey, on its way blue, out green, held back amber, lost or refused red. */
const stateBadge: Record<RecipientStatus, string> = {
  queued: 'border-border text-muted-foreground',
  sending: 'border-blue-300 text-blue-800',
  sent: 'border-green-300 bg-green-50 text-green-800',
  delivered: 'border-green-300 bg-green-50 text-green-800',
  skipped: 'border-amber-300 bg-amber-50 text-amber-900',
  unsubscribed: 'border-amber-300 bg-amber-50 text-amber-900',
  failed: 'border-red-300 bg-red-50 text-red-800',
  bounced: 'border-red-300 bg-red-50 text-red-800',
  complained: 'border-red-300 bg-red-50 text-red-800',
};

/** Why the row stands where it does: a skip's or failure's reason, or what became of the address after it went out. */
const explanationOf = (r: RequestRecipient) =>
  r.reason
    ? (`skipReasons.${r.reason}` as const)
    : r.state === 'sent' && r.suppressedAs
      ? (`afterSending.${r.suppressedAs}` as const)
      : undefined;

/** How far the customer went with their personal link: the furthest step, or none yet. */
const linkStateOf = (r: RequestRecipient): 'opened' | 'rated' | 'clicked' | undefined =>
  r.clickedAt ? 'clicked' : r.ratedAt ? 'rated' : r.openedAt ? 'opened' : undefined;

function RecipientList({ surveyId, batchId, live }: { surveyId: string; batchId: string; live: boolean }) {
  const { t } = useTranslation(['requests', 'errors']);
  const dateTime = useDateTime();
  const recipients = useRequestRecipients(surveyId, batchId, live);
  // The batch was read as done after the customers' last read: once more, so their final states show.
  const wasLive = useRef(live);
  const { refetch } = recipients;
  useEffect(() => {
    if (wasLive.current && !live) void refetch();
    wasLive.current = live;
  }, [live, refetch]);
  if (recipients.isPending)
    return (
      <div role="status">
        <span className="sr-only">{t('batches.loading')}</span>
        <Skeleton className="h-16" />
      </div>
    );
  if (!recipients.data) return <LoadFailed query={recipients} />;
  const all = recipients.data.pages.flatMap((p) => p.recipients);
  return (
    <div className="grid gap-3">
      <ul className="divide-y rounded-md border" data-testid="recipients">
        {all.map((r) => {
          const status = recipientStatusOf(r);
          const explanation = explanationOf(r);
          return (
            <li key={r.id} className="grid gap-1 px-3 py-2 text-sm" data-testid="recipient">
              <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                <div className="flex min-w-0 flex-wrap items-center gap-x-3">
                  <span className="font-medium wrap-anywhere">{r.name}</span>
                  {r.email && <span className="text-muted-foreground break-all">{r.email}</span>}
                  {r.phone && (
                    <span className="text-muted-foreground whitespace-nowrap tabular-nums">
                      {formatPhoneNumber(r.phone)}
                    </span>
                  )}
                  <span className="text-muted-foreground text-xs">{t(`languages.${r.language}`)}</span>
                </div>
                <div className="flex flex-wrap items-center gap-1">
                  {r.channel && (
                    <Badge variant="secondary" data-testid="recipient-channel">
                      {r.channel === 'sms' ? <MessageSquare aria-hidden="true" /> : <Mail aria-hidden="true" />}
                      {t(`channels.${r.channel}`)}
                    </Badge>
                  )}
                  <Badge variant="outline" className={stateBadge[status]} data-testid="recipient-state">
                    {t(`recipientStates.${status}`)}
                  </Badge>
                  {linkStateOf(r) && (
                    <Badge
                      variant="outline"
                      className="border-primary/40 text-primary"
                      data-testid="recipient-link-state"
                    >
                      {t(`linkStates.${linkStateOf(r)!}`)}
                    </Badge>
                  )}
                </div>
              </div>
              {r.remindedAt && (
                <p className="text-muted-foreground text-xs" data-testid="reminded">
                  {t('linkStates.reminded', { date: dateTime(r.remindedAt) })}
                </p>
              )}
              {explanation && (
                <p className="text-muted-foreground text-xs" data-testid="skip-reason">
                  {t(explanation)}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <LoadMore pages={recipients} label={t('batches.more')} />
    </div>
  );
}

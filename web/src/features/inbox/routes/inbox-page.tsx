import { AlertCircle, Inbox, Plus, RotateCw, SearchX } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { inboxBulkMaxIds, inboxPageSize, type InboxFilter, type InboxState } from '@reviewroute/shared';
import { LoadingStatus } from '@/components/loading-status';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { selectSurvey, surveySearchParam } from '@/lib/survey-selection';
import { useLocalizedPath } from '@/lib/use-language';
import { type ListedSurvey, useSurveys } from '@/features/surveys/api/list-surveys';
import { useInbox } from '../api/list-inbox';
import { useHideFromWebsite, useSetInboxNote, useSetInboxState } from '../api/update-inbox';
import { ExportButton } from '../components/export-button';
import { InboxFilters } from '../components/inbox-filters';
import { InboxList } from '../components/inbox-list';
import { filterFromParams, hasFilter, withFilter, withoutFilters } from '../lib/inbox-url';

/**
 * A page may come back short (the API looks at a bounded number of responses per request): up to this many
 * pages in a row are fetched without asking, then the owner decides to search further.
 */
const autoPages = 5;

/**
 * The feedback inbox (issue: every response findable and handled): the survey picked in `?survey=` (as the
 * dashboard picks it), its responses newest first under the filter the address holds, page by page, with
 * state, note, reply and bulk actions.
 */
export function InboxPage() {
  const { t } = useTranslation('inbox');
  useDocumentTitle(t('title'));
  const to = useLocalizedPath();
  const surveys = useSurveys();
  const [params, setParams] = useSearchParams();
  const requested = params.get(surveySearchParam);
  const selected = surveys.data ? selectSurvey(surveys.data, requested) : undefined;
  const pickerId = useId();

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
          {selected && (
            <p className="text-muted-foreground text-sm wrap-anywhere">
              {t('description', { name: selected.businessName || t('untitled') })}
            </p>
          )}
        </div>
        <div className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
          {surveys.data && surveys.data.length > 0 && selected && (
            <div className="grid w-full min-w-0 gap-1.5 sm:w-64">
              <Label id={pickerId}>{t('surveyPicker')}</Label>
              <Select
                value={selected.id}
                onValueChange={(id) =>
                  setParams((current) => {
                    const next = new URLSearchParams(current);
                    next.set(surveySearchParam, id);
                    return next;
                  })
                }
              >
                <SelectTrigger
                  aria-labelledby={pickerId}
                  // A long business name ends in an ellipsis within the picker instead of running under the export button.
                  className="w-full min-w-0 *:data-[slot=select-value]:block *:data-[slot=select-value]:min-w-0 *:data-[slot=select-value]:truncate"
                  data-testid="inbox-survey-picker"
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {surveys.data.map((s) => (
                    <SelectItem key={s.id} value={s.id}>
                      {s.businessName || t('untitled')}
                      {s.status !== 'active' ? ` (${t('draft')})` : ''}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          )}
          {selected && (
            <div className="flex items-end gap-2" data-slot="inbox-header-actions">
              {/* The file holds what the owner sees: the filter in the address. */}
              <ExportButton surveyId={selected.id} filter={filterFromParams(params)} />
            </div>
          )}
        </div>
      </div>
      {surveys.isPending ? (
        <ListSkeleton />
      ) : surveys.isError ? (
        <LoadError onRetry={() => void surveys.refetch()} />
      ) : selected ? (
        <SurveyInbox key={selected.id} survey={selected} />
      ) : (
        <div className="flex max-w-2xl flex-col items-start gap-3 rounded-lg border border-dashed p-6">
          <h2 className="text-lg font-semibold">{t('noSurveys.title')}</h2>
          <p className="text-muted-foreground text-sm">{t('noSurveys.description')}</p>
          <Button asChild>
            <Link to={to('/survey-setup')}>
              <Plus aria-hidden="true" />
              {t('noSurveys.action')}
            </Link>
          </Button>
        </div>
      )}
    </>
  );
}

function SurveyInbox({ survey }: { survey: ListedSurvey }) {
  const { t } = useTranslation('inbox');
  const [params, setParams] = useSearchParams();
  const paramsKey = params.toString();
  // One object per address, so the query key (and the list) changes only with the filter.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const filter = useMemo(() => filterFromParams(params), [paramsKey]);
  const filterKey = JSON.stringify(filter);
  const inbox = useInbox(survey.id, filter);
  const setState = useSetInboxState(survey.id);
  const setNote = useSetInboxNote(survey.id);
  const hideFromWebsite = useHideFromWebsite(survey.id);
  // Another filter is another list: nothing of the last one stays selected.
  const [selection, setSelection] = useState<{ filterKey: string; ids: ReadonlySet<string> }>({
    filterKey,
    ids: new Set(),
  });
  const selected: ReadonlySet<string> = selection.filterKey === filterKey ? selection.ids : new Set();
  const setSelected = (update: ReadonlySet<string> | ((current: ReadonlySet<string>) => ReadonlySet<string>)) =>
    setSelection((current) => {
      const ids = current.filterKey === filterKey ? current.ids : new Set<string>();
      return { filterKey, ids: typeof update === 'function' ? update(ids) : update };
    });
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const items = useMemo(() => inbox.data?.pages.flatMap((p) => p.items) ?? [], [inbox.data]);

  // Short pages are continued without asking, up to `autoPages` in a row.
  const autoLeft = useRef(autoPages);
  useEffect(() => {
    autoLeft.current = autoPages;
  }, [filterKey]);
  const lastPage = inbox.data?.pages.at(-1);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = inbox;
  useEffect(() => {
    if (!lastPage || !hasNextPage || isFetchingNextPage) return;
    if (lastPage.items.length < inboxPageSize && autoLeft.current > 0) {
      autoLeft.current--;
      void fetchNextPage();
    }
  }, [lastPage, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const changeFilter = (key: keyof InboxFilter, value: string | undefined) =>
    setParams((current) => withFilter(current, key, value));

  const changeState = async (ids: string[], state: InboxState) => {
    setBusyIds(new Set(ids));
    try {
      let updated = 0;
      for (let i = 0; i < ids.length; i += inboxBulkMaxIds) {
        updated += (await setState.mutateAsync({ ids: ids.slice(i, i + inboxBulkMaxIds), state })).updated;
      }
      toast.success(
        state === 'handled' ? t('toasts.markedHandled', { count: updated }) : t('toasts.reopened', { count: updated }),
        { position: 'bottom-right' },
      );
      setSelected(new Set());
    } catch {
      // At the bottom like its success toast: the app's usual place, the top, is over the sticky bar just used.
      toast.error(t('toasts.failedTitle'), { description: t('toasts.failed'), position: 'bottom-right' });
    } finally {
      setBusyIds(new Set());
    }
  };

  const saveNote = async (id: string, note: string) => {
    try {
      await setNote.mutateAsync({ responseId: id, note });
      toast.success(t('toasts.noteSaved'), { position: 'bottom-right' });
    } catch (error) {
      toast.error(t('toasts.failedTitle'), { description: t('toasts.failed') });
      throw error;
    }
  };

  const allSelected = items.length > 0 && items.every((i) => selected.has(i.id));
  const loadMore = () => {
    autoLeft.current = autoPages;
    void inbox.fetchNextPage();
  };

  return (
    <div className="grid gap-4">
      <InboxFilters filter={filter} onChange={changeFilter} onClear={() => setParams((c) => withoutFilters(c))} />
      {inbox.isPending ? (
        <ListSkeleton />
      ) : inbox.isError ? (
        <LoadError onRetry={() => void inbox.refetch()} />
      ) : (
        <>
          {items.length > 0 && (
            <div
              className="bg-background sticky top-16 z-[5] flex flex-wrap items-center gap-2 rounded-lg border p-2"
              data-testid="inbox-bulk-bar"
            >
              <label className="flex items-center gap-2 px-1 text-sm">
                <input
                  type="checkbox"
                  className="accent-primary size-4"
                  checked={allSelected}
                  onChange={(e) => setSelected(e.target.checked ? new Set(items.map((i) => i.id)) : new Set())}
                  data-testid="inbox-select-all"
                />
                {t('bulk.selectAll')}
              </label>
              <span className="text-muted-foreground text-sm" aria-live="polite" data-testid="inbox-selected-count">
                {selected.size > 0 ? t('bulk.selected', { count: selected.size }) : ''}
              </span>
              <div className="ml-auto flex flex-wrap gap-2">
                <Button
                  type="button"
                  size="sm"
                  disabled={selected.size === 0 || busyIds.size > 0}
                  onClick={() => void changeState([...selected], 'handled')}
                  data-testid="inbox-bulk-handled"
                >
                  {t('bulk.markHandled')}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={selected.size === 0 || busyIds.size > 0}
                  onClick={() => void changeState([...selected], 'new')}
                >
                  {t('bulk.reopen')}
                </Button>
              </div>
            </div>
          )}
          {items.length > 0 ? (
            <InboxList
              items={items}
              businessName={survey.businessName || t('untitled')}
              selected={selected}
              busyIds={busyIds}
              onSelect={(id, value) =>
                setSelected((current) => {
                  const next = new Set(current);
                  if (value) next.add(id);
                  else next.delete(id);
                  return next;
                })
              }
              onState={(ids, state) => void changeState(ids, state)}
              onSaveNote={saveNote}
              onHideFromWebsite={(responseId, reason) =>
                hideFromWebsite.mutate(
                  { responseId, reason },
                  { onError: () => toast.error(t('toasts.failedTitle'), { description: t('toasts.failed') }) },
                )
              }
            />
          ) : (
            !inbox.hasNextPage &&
            !inbox.isFetchingNextPage && (
              <div
                className="text-muted-foreground flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-10 text-center text-sm"
                data-testid="inbox-empty"
              >
                {hasFilter(filter) ? (
                  <>
                    <SearchX aria-hidden="true" className="size-6" />
                    <p className="text-foreground font-medium">{t('list.noMatchTitle')}</p>
                    <p>{t('list.noMatchHint')}</p>
                    <Button type="button" variant="outline" onClick={() => setParams((c) => withoutFilters(c))}>
                      {t('filters.clear')}
                    </Button>
                  </>
                ) : (
                  <>
                    <Inbox aria-hidden="true" className="size-6" />
                    <p className="text-foreground font-medium">{t('list.emptyTitle')}</p>
                    <p>{t('list.emptyHint')}</p>
                  </>
                )}
              </div>
            )
          )}
          <div className="flex flex-col items-center gap-2 text-sm" aria-live="polite">
            {inbox.isFetchingNextPage ? (
              <p role="status" className="text-muted-foreground">
                {t('list.loadingMore')}
              </p>
            ) : inbox.hasNextPage ? (
              <Button type="button" variant="outline" onClick={loadMore} data-testid="inbox-load-more">
                {lastPage && lastPage.items.length < inboxPageSize ? t('list.searchFurther') : t('list.loadMore')}
              </Button>
            ) : (
              items.length > 0 && (
                <p className="text-muted-foreground" data-testid="inbox-end">
                  {t('list.end', { count: items.length })}
                </p>
              )
            )}
          </div>
        </>
      )}
    </div>
  );
}

function ListSkeleton() {
  const { t } = useTranslation('inbox');
  return <LoadingStatus label={t('list.loading')} shapes={['h-24 w-full', 'h-24 w-full', 'h-24 w-full']} />;
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('inbox');
  return (
    <Alert variant="destructive" className="max-w-2xl" data-testid="inbox-error">
      <AlertCircle aria-hidden="true" />
      <AlertTitle>{t('list.errorTitle')}</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>{t('list.errorDescription')}</p>
        <Button type="button" variant="outline" className="w-fit" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          {t('list.retry')}
        </Button>
      </AlertDescription>
    </Alert>
  );
}

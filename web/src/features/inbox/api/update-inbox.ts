import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { type InboxItem, type InboxPage, type InboxState, type WebsiteHideReason } from '@reviewroute/shared';
import { call } from '@/lib/api-client';
import { inboxKeys } from '@/lib/query-keys';

/**
 * Writes the change into every loaded list of the survey instead of reading them again: the inbox index is
 * eventually consistent, so an immediate refetch could show the old state. A list under a state filter keeps
 * the changed item until it is next loaded, so it does not jump away under the owner's hand.
 */
function useUpdateLoadedItems(surveyId: string) {
  const queryClient = useQueryClient();
  return (ids: ReadonlySet<string>, change: Partial<InboxItem>) =>
    queryClient.setQueriesData<InfiniteData<InboxPage>>({ queryKey: inboxKeys.survey(surveyId) }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((item) => (ids.has(item.id) ? { ...item, ...change } : item)),
            })),
          }
        : data,
    );
}

/** Marks responses handled, or reopens them (`new`): one or many at once. */
export function useSetInboxState(surveyId: string) {
  const update = useUpdateLoadedItems(surveyId);
  return useMutation({
    mutationFn: ({ ids, state }: { ids: string[]; state: InboxState }) =>
      call('set-inbox-state', { params: { surveyId }, body: { ids, state } }),
    onSuccess: (_, { ids, state }) => update(new Set(ids), { state }),
  });
}

/** Saves (an empty text: removes) the private note of a response. */
export function useSetInboxNote(surveyId: string) {
  const update = useUpdateLoadedItems(surveyId);
  return useMutation({
    mutationFn: ({ responseId, note }: { responseId: string; note: string }) =>
      call('set-inbox-note', { params: { surveyId, responseId }, body: { note } }),
    onSuccess: (saved) => update(new Set([saved.id]), { note: saved.note }),
  });
}

/** Takes a consented response off the owner's website for one of decisions 27's reasons (never back). */
export function useHideFromWebsite(surveyId: string) {
  const update = useUpdateLoadedItems(surveyId);
  return useMutation({
    mutationFn: ({ responseId, reason }: { responseId: string; reason: WebsiteHideReason }) =>
      call('hide-from-website', { params: { surveyId, responseId }, body: { reason } }),
    onSuccess: (saved) => update(new Set([saved.id]), { websiteConsent: saved.websiteConsent }),
  });
}

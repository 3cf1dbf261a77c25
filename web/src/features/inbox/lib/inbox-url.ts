import { inboxFilterSchema, type InboxFilter } from '@reviewroute/shared';

/** The filter's fields, in the order the URL writes them. */
export const inboxFilterKeys = [
  'rating',
  'comment',
  'contact',
  'state',
  'from',
  'to',
  'q',
] as const satisfies readonly (keyof InboxFilter)[];

/**
 * The filter the address holds (shareable; the back button restores it). Each field is read on its own, so a
 * hand-edited or outdated field drops out instead of making the whole address unreadable.
 */
export function filterFromParams(params: URLSearchParams): InboxFilter {
  const filter: Record<string, string> = {};
  for (const key of inboxFilterKeys) {
    const value = params.get(key);
    if (value === null || value === '') continue;
    const parsed = inboxFilterSchema.shape[key].safeParse(value);
    if (parsed.success && parsed.data) filter[key] = parsed.data;
  }
  return filter as InboxFilter;
}

/** The address with this filter field set (undefined or '': removed), every other parameter kept. */
export function withFilter(
  params: URLSearchParams,
  key: keyof InboxFilter,
  value: string | undefined,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === undefined || value === '') next.delete(key);
  else next.set(key, value);
  return next;
}

/** The address without any filter (the survey and anything else kept). */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of inboxFilterKeys) next.delete(key);
  return next;
}

export const hasFilter = (filter: InboxFilter) => inboxFilterKeys.some((key) => filter[key] !== undefined);

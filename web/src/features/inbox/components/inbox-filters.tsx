import { Search, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inboxSearchMaxLength, type InboxFilter } from '@reviewroute/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { hasFilter } from '../lib/inbox-url';

/** Radix's Select has no empty value: "any" stands for the absent field. */
const any = 'any';

interface InboxFiltersProps {
  filter: InboxFilter;
  onChange: (key: keyof InboxFilter, value: string | undefined) => void;
  onClear: () => void;
}

/** The inbox's filters; each change goes to the address at once (the page reads the filter from there). */
export function InboxFilters({ filter, onChange, onClear }: InboxFiltersProps) {
  const { t } = useTranslation('inbox');
  const id = useId();

  const choice = (key: 'rating' | 'comment' | 'contact' | 'state', options: [string, string][]) => (
    <div className="grid min-w-0 content-start gap-1.5">
      <Label id={`${id}-${key}`}>{t(`filters.${key}`)}</Label>
      <Select value={filter[key] ?? any} onValueChange={(v) => onChange(key, v === any ? undefined : v)}>
        <SelectTrigger
          aria-labelledby={`${id}-${key}`}
          // A choice is never cut short ("Alle beoordelin…" told the owner nothing): each filter has a phone's whole
          // width, and where a column is still too narrow for a long choice ("Contactgegevens achtergelaten") the
          // text wraps and the button grows.
          className="min-h-9 w-full min-w-0 text-left whitespace-normal data-[size=default]:h-auto *:data-[slot=select-value]:line-clamp-none *:data-[slot=select-value]:min-w-0 *:data-[slot=select-value]:wrap-break-word"
          data-testid={`inbox-filter-${key}`}
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map(([value, label]) => (
            <SelectItem key={value} value={value}>
              {label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );

  return (
    <section aria-label={t('filters.label')} className="grid gap-3 rounded-lg border p-3 md:p-4">
      {/* Four in a row only where each has room for its longest choice ("Contactgegevens achtergelaten"). */}
      <div className="grid gap-3 sm:grid-cols-2 2xl:grid-cols-4">
        {choice('rating', [
          [any, t('filters.ratingAny')],
          ['low', t('filters.ratingLow')],
          ['mid', t('filters.ratingMid')],
          ['high', t('filters.ratingHigh')],
        ])}
        {choice('comment', [
          [any, t('filters.commentAny')],
          ['yes', t('filters.commentYes')],
          ['no', t('filters.commentNo')],
        ])}
        {choice('contact', [
          [any, t('filters.contactAny')],
          ['yes', t('filters.contactYes')],
        ])}
        {choice('state', [
          [any, t('filters.stateAny')],
          ['new', t('filters.stateNew')],
          ['handled', t('filters.stateHandled')],
        ])}
      </div>
      <div className="grid grid-cols-2 items-end gap-3 lg:grid-cols-[auto_auto_1fr_auto]">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-from`}>{t('filters.from')}</Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={filter.from ?? ''}
            max={filter.to}
            onChange={(e) => onChange('from', e.target.value || undefined)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-to`}>{t('filters.to')}</Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={filter.to ?? ''}
            min={filter.from}
            onChange={(e) => onChange('to', e.target.value || undefined)}
          />
        </div>
        {/* Keyed by the address's words: the back button, a shared link or "clear" puts them in the field. */}
        <SearchField key={filter.q ?? ''} id={`${id}-q`} value={filter.q ?? ''} onSearch={(q) => onChange('q', q)} />
        <Button type="button" variant="ghost" disabled={!hasFilter(filter)} onClick={onClear} className="w-fit">
          <X aria-hidden="true" />
          {t('filters.clear')}
        </Button>
      </div>
    </section>
  );
}

/** The words to search the comments for, applied on Enter or the search button. */
function SearchField({
  id,
  value,
  onSearch,
}: {
  id: string;
  value: string;
  onSearch: (q: string | undefined) => void;
}) {
  const { t } = useTranslation('inbox');
  const [search, setSearch] = useState(value);
  return (
    <form
      role="search"
      className="col-span-2 grid gap-1.5 lg:col-span-1"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(search.trim() || undefined);
      }}
    >
      <Label htmlFor={id}>{t('filters.search')}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          type="search"
          value={search}
          maxLength={inboxSearchMaxLength}
          placeholder={t('filters.searchPlaceholder')}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button type="submit" variant="outline" size="icon" aria-label={t('filters.searchButton')}>
          <Search aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
}

import { Loader2, MapPin, Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type PlaceSearchResult, placeSearchLimits } from '@reviewroute/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { placeSearchConfigured } from '@/lib/config';
import { useLanguage } from '@/lib/use-language';
import { cn } from '@/lib/utils';
import { useSearchPlaces } from '../api/search-places';

/** Spec 5 "Business search": the finder searches by itself after this long without typing. */
export const autoSearchDelayMs = 1000;

export interface BusinessFinderProps {
  /** The owner chose a place: the page fills its fields from it. */
  onSelect: (place: PlaceSearchResult) => void;
}

/**
 * The business finder of wizard step 1 (spec 2, 5, 8; decisions 12): a combobox over Google Places results.
 * Enter (or the button) searches at once, a pause of a second searches text longer than two characters;
 * arrow keys move through the results (aria-activedescendant, focus stays in the field), Enter or a click
 * chooses one. Without a Google key on the server it says search is not configured (at once when the runtime
 * config says so, else after the API answers so); manual entry stays.
 */
export function BusinessFinder({ onSelect }: BusinessFinderProps) {
  const { t } = useTranslation('wizard');
  const language = useLanguage();
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-results`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const search = useSearchPlaces();

  const [text, setText] = useState('');
  const [results, setResults] = useState<PlaceSearchResult[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [loading, setLoading] = useState(false);
  const [notConfigured, setNotConfigured] = useState(() => !placeSearchConfigured());
  /** The query of the latest search: its answer is the only one shown, and it is not searched twice. */
  const latest = useRef<string | undefined>(undefined);

  async function run(rawQuery: string) {
    const query = rawQuery.trim();
    if (query === '') {
      toast.error(t('business.finder.searchRequiredTitle'), { description: t('business.finder.searchRequired') });
      return;
    }
    latest.current = query;
    setLoading(true);
    try {
      const { results: found } = await search.mutateAsync({ query, language });
      if (latest.current !== query) return;
      setResults(found);
      setActive(found.length > 0 ? 0 : -1);
      setOpen(found.length > 0);
      if (found.length === 0)
        // One id: a search repeated before the first toast left (a double Enter, a cached answer) replaces it.
        toast(t('business.finder.noResultsTitle'), {
          id: 'business-finder-no-results',
          description: t('business.finder.noResults'),
        });
    } catch (error) {
      if (latest.current !== query) return;
      setOpen(false);
      if (error instanceof ApiError && error.code === 'PLACES_NOT_CONFIGURED') setNotConfigured(true);
      else toast.error(t('business.finder.searchFailedTitle'), { description: t('business.finder.searchFailed') });
    } finally {
      if (latest.current === query) setLoading(false);
    }
  }

  // Spec 5: a pause in typing searches text longer than two characters.
  useEffect(() => {
    const query = text.trim();
    if (notConfigured || query.length < placeSearchLimits.autoSearchMinChars || query === latest.current) return;
    const timer = setTimeout(() => void run(query), autoSearchDelayMs);
    return () => clearTimeout(timer);
    // `run` is recreated each render; the pause restarts only when the text changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, notConfigured]);

  function choose(place: PlaceSearchResult) {
    setOpen(false);
    setActive(-1);
    onSelect(place);
    toast.success(t('business.finder.selectedTitle'), {
      description: t('business.finder.selected', { name: place.name }),
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = results.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open && count > 0) setOpen(true);
        else if (count > 0) setActive((i) => (i + 1) % count);
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (!open && count > 0) setOpen(true);
        else if (count > 0) setActive((i) => (i <= 0 ? count - 1 : i - 1));
        return;
      case 'Home':
      case 'End':
        if (!open || count === 0) return;
        event.preventDefault();
        setActive(event.key === 'Home' ? 0 : count - 1);
        return;
      case 'Escape':
        if (!open) return;
        event.preventDefault();
        setOpen(false);
        return;
      case 'Enter': {
        // Never submits the step's form: Enter belongs to the finder here.
        event.preventDefault();
        const place = open ? results[active] : undefined;
        if (place) choose(place);
        else void run(text);
        return;
      }
    }
  }

  const expanded = open && results.length > 0;

  return (
    <section
      data-slot="business-finder"
      aria-labelledby={`${id}-title`}
      className="bg-muted/40 grid gap-3 rounded-md border p-4"
    >
      <div className="flex gap-3">
        <Search aria-hidden="true" className="text-muted-foreground mt-0.5 size-5 shrink-0" />
        <div className="grid gap-1">
          <h3 id={`${id}-title`} className="text-sm font-medium">
            {t('business.finderTitle')}
          </h3>
          <p className="text-muted-foreground text-sm">
            {notConfigured ? t('business.finder.notConfigured') : t('business.finderDescription')}
          </p>
        </div>
      </div>
      {!notConfigured && (
        <div className="grid gap-2">
          <Label htmlFor={inputId}>{t('business.finder.label')}</Label>
          <div className="relative flex gap-2">
            <Input
              id={inputId}
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={listId}
              aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
              autoComplete="off"
              placeholder={t('business.finder.placeholder')}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setOpen(false);
              }}
              onKeyDown={onKeyDown}
              onBlur={() => setOpen(false)}
              onFocus={() => results.length > 0 && latest.current === text.trim() && setOpen(true)}
            />
            <Button type="button" variant="secondary" disabled={loading} onClick={() => void run(text)}>
              {loading ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Search aria-hidden="true" />}
              {loading ? t('business.finder.searching') : t('business.finder.search')}
            </Button>
            <ul
              id={listId}
              role="listbox"
              aria-label={t('business.finder.results')}
              hidden={!expanded}
              className="bg-popover text-popover-foreground absolute top-full right-0 left-0 z-20 mt-1 max-h-80 overflow-auto rounded-md border p-1 shadow-md"
            >
              {results.map((place, index) => (
                <li
                  key={place.place_id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className={cn(
                    'flex cursor-pointer gap-2 rounded-sm px-2 py-2 text-sm',
                    index === active && 'bg-accent text-accent-foreground',
                  )}
                  // Keeps the focus (and the open list) in the field until the click chooses.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActive(index)}
                  onClick={() => choose(place)}
                >
                  <MapPin aria-hidden="true" className="text-muted-foreground mt-0.5 size-4 shrink-0" />
                  <span className="grid gap-0.5">
                    <span className="font-medium">{place.name}</span>
                    <span className="text-muted-foreground">{place.formatted_address}</span>
                    <span className="text-muted-foreground">
                      {place.rating === null
                        ? t('business.finder.noReviews')
                        : t('business.finder.reviews', {
                            rating: place.rating.toLocaleString(language, { minimumFractionDigits: 1 }),
                            count: place.user_ratings_total ?? 0,
                          })}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <p role="status" className="sr-only">
            {loading
              ? t('business.finder.searching')
              : expanded
                ? t('business.finder.resultCount', { count: results.length })
                : ''}
          </p>
        </div>
      )}
    </section>
  );
}

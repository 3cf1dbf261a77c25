import { useMutation } from '@tanstack/react-query';
import { type Language } from '@reviewroute/shared';
import { call } from '@/lib/api-client';

export interface PlaceSearch {
  query: string;
  /** The interface language: the API asks Google in it (and, for Dutch, in the Netherlands first). */
  language: Language;
}

/** Google Places through our API (decisions 12); the key never reaches the browser. */
export const searchPlaces = ({ query, language }: PlaceSearch, signal?: AbortSignal) =>
  call('search-places', { body: { query, language }, signal });

/** A search per call; the finder keeps only the answer to its latest query. */
export const useSearchPlaces = () => useMutation({ mutationFn: (search: PlaceSearch) => searchPlaces(search) });

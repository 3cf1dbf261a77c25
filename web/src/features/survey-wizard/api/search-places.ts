import { useMutation } from '@tanstack/react-query';
import { type Language, placeSearchResponseSchema } from '@reviewroute/shared';
import { pathOf } from '@reviewroute/shared/routes';
import { apiFetch } from '@/lib/api-client';

export interface PlaceSearch {
  query: string;
  /** The interface language: the API asks Google in it (and, for Dutch, in the Netherlands first). */
  language: Language;
}

/** POST /api/places/search: Google Places through our API (decisions 12); the key never reaches the browser. */
export const searchPlaces = ({ query, language }: PlaceSearch, signal?: AbortSignal) =>
  apiFetch(pathOf('search-places'), {
    method: 'POST',
    body: { query, language },
    schema: placeSearchResponseSchema,
    signal,
  });

/** A search per call; the finder keeps only the answer to its latest query. */
export const useSearchPlaces = () => useMutation({ mutationFn: (search: PlaceSearch) => searchPlaces(search) });

import { googleReviewUrlOf, placeSearchLimits, type Language, type PlaceSearchResult } from '@reviewroute/shared';

/** Google Places API (New); `GOOGLE_PLACES_API_URL` points elsewhere (a loopback server in tests). */
export const googlePlacesApiUrl = 'https://places.googleapis.com';

/**
 * The fields the business finder uses, and nothing more: Google bills a call by the most expensive field it asks
 * for, so the mask is explicit. The finder shows the name, the address and the rating with its count (they tell
 * two branches of a business apart; rating and count are what make this an Enterprise-priced call), and the
 * primary type's label fills the optional industry. `types` is not asked for: nothing shows or reads it.
 */
export const placeFields = [
  'id',
  'displayName',
  'formattedAddress',
  'rating',
  'userRatingCount',
  'primaryTypeDisplayName',
] as const;
export const searchTextFieldMask = placeFields.map((field) => `places.${field}`).join(',');

/** Google's language and region of an owner's interface language: Dutch owners search the Netherlands first. */
export interface PlacesLocale {
  languageCode: string;
  regionCode?: string;
}
export const placesLocaleOf = (language: Language): PlacesLocale =>
  language === 'nl' ? { languageCode: 'nl', regionCode: 'NL' } : { languageCode: 'en' };

export interface PlacesClient {
  searchText(query: string, locale: PlacesLocale): Promise<PlaceSearchResult[]>;
}

/**
 * Google refused or failed a call. It carries Google's HTTP status, `error.status` and ErrorInfo reason
 * (e.g. 400 INVALID_ARGUMENT API_KEY_INVALID), never Google's message: that goes nowhere, not even the logs.
 */
export class PlacesApiError extends Error {
  override name = 'PlacesApiError';
  constructor(
    readonly httpStatus: number,
    readonly googleStatus?: string,
    readonly reason?: string,
  ) {
    super(`Places API answered ${httpStatus}${googleStatus ? ` ${googleStatus}` : ''}${reason ? ` (${reason})` : ''}`);
  }
}

/** Places API (New)'s shape of a place, as far as the masks ask for it. */
export interface GooglePlace {
  id?: string;
  displayName?: { text?: string; languageCode?: string };
  formattedAddress?: string;
  rating?: number;
  userRatingCount?: number;
  types?: string[];
  primaryTypeDisplayName?: { text?: string; languageCode?: string };
}

/** A Google place in the spec's result shape; a place without an id is of no use and is left out. */
export function toPlaceSearchResult(place: GooglePlace): PlaceSearchResult | undefined {
  if (!place.id) return undefined;
  const typeLabel = place.primaryTypeDisplayName?.text;
  return {
    place_id: place.id,
    name: place.displayName?.text ?? '',
    formatted_address: place.formattedAddress ?? '',
    rating: typeof place.rating === 'number' ? place.rating : null,
    user_ratings_total: typeof place.userRatingCount === 'number' ? place.userRatingCount : null,
    types: place.types ?? [],
    ...(typeLabel ? { primary_type_label: typeLabel } : {}),
    google_review_url: googleReviewUrlOf(place.id),
  };
}

async function googleError(response: Response): Promise<PlacesApiError> {
  let body: { error?: { status?: unknown; details?: { reason?: unknown }[] } } | undefined;
  try {
    body = (await response.json()) as typeof body;
  } catch {
    body = undefined;
  }
  const status = typeof body?.error?.status === 'string' ? body.error.status : undefined;
  const reason = body?.error?.details?.find((d) => typeof d?.reason === 'string')?.reason as string | undefined;
  return new PlacesApiError(response.status, status, reason);
}

export interface PlacesClientOptions {
  apiKey: string;
  /** Defaults to Google's own. */
  baseUrl?: string;
  fetchImpl?: typeof fetch;
  /** Per call; Lambda gives the whole request 10 s. */
  timeoutMs?: number;
}

/** The Places API (New) client on plain fetch: Text Search and Place Details with explicit field masks. */
export function createPlacesClient(options: PlacesClientOptions): PlacesClient {
  const base = (options.baseUrl ?? googlePlacesApiUrl).replace(/\/+$/, '');
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5000;
  const headers = (fieldMask: string) => ({ 'X-Goog-Api-Key': options.apiKey, 'X-Goog-FieldMask': fieldMask });

  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      // Unreachable or too slow: the same to the owner as Google failing.
      throw new PlacesApiError(0);
    }
  }

  return {
    async searchText(query, locale) {
      const response = await call(`${base}/v1/places:searchText`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers(searchTextFieldMask) },
        body: JSON.stringify({ textQuery: query, ...locale, pageSize: placeSearchLimits.results }),
      });
      if (!response.ok) throw await googleError(response);
      const body = (await response.json()) as { places?: GooglePlace[] };
      return (body.places ?? []).flatMap((place) => toPlaceSearchResult(place) ?? []);
    },
  };
}

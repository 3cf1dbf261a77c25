import * as z from 'zod';
import { languages } from './domain/language';
import { googleReviewUrlMarker } from './survey';

/**
 * The wizard's business finder (spec 2, 3 "Place search result", 7 google-maps-api; decisions 12): the
 * owner searches Google Places through our API and picks a place, whose review link fills step 1.
 */

/** Search text bounds: three characters before the finder searches by itself, and far below Google's limit. */
export const placeSearchLimits = { autoSearchMinChars: 3, query: 200, results: 10 } as const;

/**
 * Google Places calls per UTC day for all owners together (PLACES_DAILY_BUDGET's default): a ceiling on what
 * the finder can cost in a day, whatever any number of accounts do (1,000 Text Search calls at Google's
 * Enterprise rate, about USD 35). Spent, the finder answers 429 and the owner enters the business by hand.
 */
export const placeSearchBudgetDefault = 1000;

/** Spec 5 "Business search": an empty search text. */
export const placeSearchMessages = {
  queryRequired: 'Please enter a business name to search.',
  queryTooLong: 'This text is too long',
} as const;

/** POST /api/places/search. `language` is the owner's interface language: it picks Google's language and region. */
export const placeSearchRequestSchema = z.object({
  query: z
    .string({ error: placeSearchMessages.queryRequired })
    .trim()
    .min(1, placeSearchMessages.queryRequired)
    .max(placeSearchLimits.query, placeSearchMessages.queryTooLong),
  language: z.enum(languages).optional(),
});
export type PlaceSearchRequest = z.input<typeof placeSearchRequestSchema>;

/** The review page of a place (decisions 12); it passes step 1's review-link rule. */
export const googleReviewUrlOf = (placeId: string): string =>
  `https://${googleReviewUrlMarker}?placeid=${encodeURIComponent(placeId)}`;

/**
 * Spec 3 "Place search result", with the spec's snake_case names. `rating` and `user_ratings_total` are
 * null for a place without reviews; `primary_type_label` (beyond the spec) is Google's localised name of
 * the place's main type, which fills the optional industry.
 */
export const placeSearchResultSchema = z.object({
  place_id: z.string(),
  name: z.string(),
  formatted_address: z.string(),
  rating: z.number().nullable(),
  user_ratings_total: z.number().int().nullable(),
  types: z.array(z.string()),
  primary_type_label: z.string().optional(),
  google_review_url: z.string(),
});
export type PlaceSearchResult = z.infer<typeof placeSearchResultSchema>;

/** Spec 7: a search carries `results`. */
export const placeSearchResponseSchema = z.object({ results: z.array(placeSearchResultSchema) });
export type PlaceSearchResponse = z.infer<typeof placeSearchResponseSchema>;

import { describe, expect, it } from 'vitest';
import { googlePlaceOf, placesCatalogue } from '../../../testing/domains/places';
import { createPlacesClient, PlacesApiError, placesLocaleOf, searchTextFieldMask } from './places-client';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch that records the request and answers with `status` and `body`. */
function recordingFetch(status: number, body: unknown) {
  const sent: Sent[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    sent.push({
      url,
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { sent, fetchImpl };
}

const bakery = placesCatalogue[0]!;
const googlePlace = googlePlaceOf(bakery, 'nl');

describe('Places API (New) client', () => {
  it('asks only for the fields the finder shows or uses (no types)', () => {
    expect(searchTextFieldMask).toBe(
      'places.id,places.displayName,places.formattedAddress,places.rating,places.userRatingCount,places.primaryTypeDisplayName',
    );
  });

  it('maps the interface language to Google language and region', () => {
    expect(placesLocaleOf('nl')).toEqual({ languageCode: 'nl', regionCode: 'NL' });
    expect(placesLocaleOf('en')).toEqual({ languageCode: 'en' });
  });

  it('sends Text Search exactly as Google documents it and returns spec results', async () => {
    const { sent, fetchImpl } = recordingFetch(200, { places: [googlePlace, { displayName: { text: 'no id' } }] });
    const client = createPlacesClient({ apiKey: 'test-key', fetchImpl });
    const results = await client.searchText('Bakkerij de Vries', placesLocaleOf('nl'));
    expect(sent).toEqual([
      {
        url: 'https://places.googleapis.com/v1/places:searchText',
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Goog-Api-Key': 'test-key',
          'X-Goog-FieldMask': searchTextFieldMask,
        },
        body: { textQuery: 'Bakkerij de Vries', languageCode: 'nl', regionCode: 'NL', pageSize: 10 },
      },
    ]);
    expect(results).toEqual([
      {
        place_id: bakery.id,
        name: 'Bakkerij de Vries',
        formatted_address: bakery.formattedAddress,
        rating: 4.7,
        user_ratings_total: 212,
        types: bakery.types,
        primary_type_label: 'Bakkerij',
        google_review_url: `https://search.google.com/local/writereview?placeid=${bakery.id}`,
      },
    ]);
  });

  it('answers no results for an empty Text Search answer', async () => {
    const { fetchImpl } = recordingFetch(200, {});
    const client = createPlacesClient({ apiKey: 'k', fetchImpl });
    expect(await client.searchText('nothing', placesLocaleOf('en'))).toEqual([]);
  });

  it('calls the base URL it was given and reads a place without reviews as null rating and count', async () => {
    const unrated = { ...googlePlace, rating: undefined, userRatingCount: undefined };
    const { sent, fetchImpl } = recordingFetch(200, { places: [unrated] });
    const client = createPlacesClient({ apiKey: 'test-key', baseUrl: 'http://127.0.0.1:9999/', fetchImpl });
    const [result] = await client.searchText('Bakkerij', placesLocaleOf('en'));
    expect(sent.map((s) => s.url)).toEqual(['http://127.0.0.1:9999/v1/places:searchText']);
    expect(result).toMatchObject({ rating: null, user_ratings_total: null, name: 'Bakkerij de Vries' });
  });

  it('turns a refusal into a PlacesApiError without the message', async () => {
    const badKey = recordingFetch(400, {
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        status: 'INVALID_ARGUMENT',
        details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' }],
      },
    });
    const error = await createPlacesClient({ apiKey: 'k', fetchImpl: badKey.fetchImpl })
      .searchText('x', { languageCode: 'en' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlacesApiError);
    expect(error).toMatchObject({ httpStatus: 400, googleStatus: 'INVALID_ARGUMENT', reason: 'API_KEY_INVALID' });
    expect(String((error as Error).message)).not.toMatch(/not valid/);
  });

  it('turns a network failure into a PlacesApiError', async () => {
    const fetchImpl = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await expect(
      createPlacesClient({ apiKey: 'k', fetchImpl }).searchText('x', { languageCode: 'en' }),
    ).rejects.toMatchObject({ httpStatus: 0 });
  });
});

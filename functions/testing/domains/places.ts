import type { GooglePlace } from '../../src/domains/places/places-client';

/**
 * A small fixed catalogue of places as Google Places API (New) knows them: the places client's unit tests and
 * the loopback Places server of the integration tests (tests/support/places-server.ts) both answer from it.
 */
/** A place of the fake Google catalogue, its type label in both languages. */
export interface CataloguePlace {
  id: string;
  displayName: { text: string; languageCode: string };
  formattedAddress: string;
  rating?: number;
  userRatingCount?: number;
  types: string[];
  primaryTypeDisplayName: Record<'en' | 'nl', string>;
}

export const placesCatalogue: readonly CataloguePlace[] = [
  {
    id: 'ChIJloopBakkerijDeVriesUtr',
    displayName: { text: 'Bakkerij de Vries', languageCode: 'nl' },
    formattedAddress: 'Oudegracht 112, 3511 AW Utrecht, Nederland',
    rating: 4.7,
    userRatingCount: 212,
    types: ['bakery', 'food', 'store', 'point_of_interest', 'establishment'],
    primaryTypeDisplayName: { en: 'Bakery', nl: 'Bakkerij' },
  },
  {
    id: 'ChIJloopBakkerijDeVriesAms',
    displayName: { text: 'Bakkerij de Vries Amsterdam', languageCode: 'nl' },
    formattedAddress: 'Haarlemmerstraat 7, 1013 EJ Amsterdam, Nederland',
    rating: 4.2,
    userRatingCount: 58,
    types: ['bakery', 'food', 'point_of_interest', 'establishment'],
    primaryTypeDisplayName: { en: 'Bakery', nl: 'Bakkerij' },
  },
  {
    id: 'ChIJloopFietsenmakerJansen',
    displayName: { text: 'Fietsenmaker Jansen', languageCode: 'nl' },
    formattedAddress: 'Lange Nieuwstraat 3, 3512 PA Utrecht, Nederland',
    types: ['bicycle_store', 'store', 'point_of_interest', 'establishment'],
    primaryTypeDisplayName: { en: 'Bicycle store', nl: 'Fietsenwinkel' },
  },
];

/** A catalogue place in Google's shape (every field the masks may ask for), its type label in the language asked. */
export function googlePlaceOf(place: CataloguePlace, languageCode: string): GooglePlace {
  const language = languageCode === 'nl' ? 'nl' : 'en';
  return {
    id: place.id,
    displayName: place.displayName,
    formattedAddress: place.formattedAddress,
    ...(place.rating !== undefined ? { rating: place.rating, userRatingCount: place.userRatingCount } : {}),
    types: place.types,
    primaryTypeDisplayName: { text: place.primaryTypeDisplayName[language], languageCode: language },
  };
}

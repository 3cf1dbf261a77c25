import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPlacesClient,
  placesLocaleOf,
  searchTextFieldMask,
} from '@reviewroute/functions/domains/places/places-client';
import { startPlacesServer, type LoopbackPlacesServer } from '../support/places-server';

/** The loopback Places API is as strict as Google on what our client must send; and our client passes it. */
describe('loopback Places API (New)', () => {
  let server: LoopbackPlacesServer;
  beforeAll(async () => {
    server = await startPlacesServer('server-test-key');
  });
  afterAll(() => server.stop());

  const searchText = (headers: Record<string, string>, body: unknown = { textQuery: 'bakkerij' }) =>
    fetch(`${server.url}/v1/places:searchText`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const errorOf = async (response: Response) =>
    ((await response.json()) as { error: { code: number; status: string } }).error;

  it('refuses a request without a key, with a wrong key, or without a field mask, in Google’s error shape', async () => {
    const noKey = await searchText({ 'X-Goog-FieldMask': searchTextFieldMask });
    expect(noKey.status).toBe(403);
    expect(await errorOf(noKey)).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' });

    const wrongKey = await searchText({ 'X-Goog-Api-Key': 'nope', 'X-Goog-FieldMask': searchTextFieldMask });
    expect(wrongKey.status).toBe(400);
    expect(await wrongKey.json()).toMatchObject({
      error: { status: 'INVALID_ARGUMENT', details: [{ reason: 'API_KEY_INVALID' }] },
    });

    const noMask = await searchText({ 'X-Goog-Api-Key': 'server-test-key' });
    expect(noMask.status).toBe(400);
    expect(await errorOf(noMask)).toMatchObject({ status: 'INVALID_ARGUMENT' });
  });

  it('returns only the masked fields', async () => {
    const response = await searchText({ 'X-Goog-Api-Key': 'server-test-key', 'X-Goog-FieldMask': 'places.id' });
    expect(await response.json()).toEqual({
      places: [{ id: 'ChIJloopBakkerijDeVriesUtr' }, { id: 'ChIJloopBakkerijDeVriesAms' }],
    });
  });

  it('accepts exactly what our client sends', async () => {
    const client = createPlacesClient({ apiKey: 'server-test-key', baseUrl: server.url });
    const found = await client.searchText('Bakkerij de Vries Utrecht', placesLocaleOf('nl'));
    expect(found.map((p) => p.place_id)).toEqual(['ChIJloopBakkerijDeVriesUtr']);
    expect(server.requests.slice(-1).map((r) => [r.method, r.path, r.search, r.headers['x-goog-fieldmask']])).toEqual([
      ['POST', '/v1/places:searchText', '', searchTextFieldMask],
    ]);
  });
});

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { googlePlaceOf, placesCatalogue, type CataloguePlace } from '@reviewroute/functions/testing/domains/places';

/**
 * A loopback stand-in for Google Places API (New): Text Search (`POST /v1/places:searchText`) over a small
 * fixed catalogue, answering in Google's shapes, its error body included, and as strictly: no key, a wrong
 * key or no field mask is refused the way Google refuses them, and a place carries only the fields its mask
 * asks for.
 *
 * One query stands for a Google failure the tests cannot cause otherwise: `quota exhausted` answers 429
 * RESOURCE_EXHAUSTED. (The missing-key path is the product's own, with no key configured; it needs no server.)
 */

export const quotaExhaustedQuery = 'quota exhausted';

export interface RecordedPlacesRequest {
  method: string;
  path: string;
  search: string;
  headers: Record<string, string | undefined>;
  body: unknown;
}

export interface LoopbackPlacesServer {
  /** Base URL, for GOOGLE_PLACES_API_URL. */
  url: string;
  /** The only key it accepts, for GOOGLE_PLACES_API_KEY. */
  apiKey: string;
  /** Every request, in order. */
  requests: RecordedPlacesRequest[];
  stop(): Promise<void>;
}

/** Google's error body (google.rpc.Status), with an ErrorInfo reason where Google gives one. */
function googleError(res: ServerResponse, code: number, status: string, message: string, reason?: string): void {
  const details = reason
    ? [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'googleapis.com' }]
    : undefined;
  res.writeHead(code, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify({ error: { code, message, status, ...(details ? { details } : {}) } }));
}

/** The place as Google returns it: only the masked fields; `*` is everything. */
function masked(place: CataloguePlace, fields: string[], languageCode: string): Record<string, unknown> {
  const full = googlePlaceOf(place, languageCode) as Record<string, unknown>;
  if (fields.includes('*')) return full;
  return Object.fromEntries(Object.entries(full).filter(([name]) => fields.includes(name)));
}

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

/** Starts the server on a free loopback port. */
export async function startPlacesServer(apiKey = 'loopback-places-key'): Promise<LoopbackPlacesServer> {
  const requests: RecordedPlacesRequest[] = [];

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://loopback');
      const raw = await readBody(req);
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = raw;
      }
      const header = (name: string) => {
        const value = req.headers[name];
        return Array.isArray(value) ? value.join(',') : value;
      };
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        search: url.search,
        headers: { 'x-goog-api-key': header('x-goog-api-key'), 'x-goog-fieldmask': header('x-goog-fieldmask') },
        body,
      });

      if (req.method !== 'POST' || url.pathname !== '/v1/places:searchText') {
        googleError(res, 404, 'NOT_FOUND', 'Method not found.');
        return;
      }
      const key = header('x-goog-api-key');
      if (!key) {
        googleError(
          res,
          403,
          'PERMISSION_DENIED',
          'The request is missing a valid API key.',
          'API_KEY_SERVICE_BLOCKED',
        );
        return;
      }
      if (key !== apiKey) {
        googleError(res, 400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', 'API_KEY_INVALID');
        return;
      }
      const mask = header('x-goog-fieldmask');
      if (!mask) {
        googleError(
          res,
          400,
          'INVALID_ARGUMENT',
          'FieldMask is a required parameter. See https://cloud.google.com/apis/docs/system-parameters on how to provide it.',
        );
        return;
      }
      const fields = mask.split(',').map((f) => f.trim());

      const request = body as { textQuery?: unknown; languageCode?: unknown; pageSize?: unknown } | undefined;
      if (typeof request?.textQuery !== 'string' || request.textQuery.trim() === '') {
        googleError(res, 400, 'INVALID_ARGUMENT', 'Empty text_query.');
        return;
      }
      if (fields.some((f) => f !== '*' && !f.startsWith('places.') && f !== 'nextPageToken')) {
        googleError(res, 400, 'INVALID_ARGUMENT', 'Invalid field mask: Text Search fields start with places.');
        return;
      }
      const query = request.textQuery.trim().toLowerCase();
      if (query === quotaExhaustedQuery) {
        googleError(res, 429, 'RESOURCE_EXHAUSTED', 'Quota exceeded for quota metric.', 'RATE_LIMIT_EXCEEDED');
        return;
      }
      const language = typeof request.languageCode === 'string' ? request.languageCode : 'en';
      const words = query.split(/\s+/);
      const pageSize = typeof request.pageSize === 'number' ? request.pageSize : 20;
      const placeFields = fields.map((f) => (f === '*' ? '*' : f.slice('places.'.length)));
      const found = placesCatalogue
        .filter((p) => words.every((w) => `${p.displayName.text} ${p.formattedAddress}`.toLowerCase().includes(w)))
        .slice(0, pageSize)
        .map((p) => masked(p, placeFields, language));
      res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
      // Google answers a search without matches with an empty object.
      res.end(JSON.stringify(found.length > 0 ? { places: found } : {}));
    })().catch(() => {
      if (!res.headersSent) googleError(res, 500, 'INTERNAL', 'Internal error encountered.');
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import { createPrivateKey, randomBytes, X509Certificate } from 'node:crypto';
import type http from 'node:http';
import { api, mollieError, testControl } from './mollie/api';
import { checkout } from './mollie/checkout';
import type { MollieContext, MolliePaymentState } from './mollie/payments';
import { mollieStateFile, readStoredMollie, writeStoredMollie } from './mollie/state';
import { listenHttpAndHttps, localhostCertificate, trustLocalMollie } from './mollie/tls';
import { LOCAL_HOST } from './ports';

/**
 * A loopback stand-in for the part of Mollie's v2 payments API that @mollie/api-client 4.6 uses here
 * (`POST /v2/payments`, `GET /v2/payments/{id}`, Bearer `test_…` key, HAL+JSON answers and Mollie's error
 * body: ./mollie/api.ts), plus the hosted checkout a browser is sent to (`GET /checkout/{id}`: ./mollie/checkout.ts):
 * like Mollie's test mode, it offers paid / failed / canceled / expired; the choice sets the status, calls the
 * payment's webhook (form-encoded `id=…`) and sends the browser back to its redirect URL, whatever the outcome.
 *
 * The client only speaks HTTPS and pins Mollie's own CA bundle, so the API side answers TLS with a
 * certificate made at start for `localhost`, which `trustLocalMollie` makes this process's https agents
 * accept for this server's address alone. The same port answers plain HTTP, for browsers (the checkout):
 * ./mollie/tls.ts.
 *
 * Not Mollie: `POST /_test/payments/{id}` sets a payment's status without a webhook, so a test can make
 * the API read an older state than it stored (a stale read, as out-of-order webhooks produce).
 * `GET /_test/reads?id=…` answers how often the API read that id (`{ "reads": n }`): a test proves a call
 * was not made (each one costs money at the real Mollie).
 */

function readCount(ctx: MollieContext, res: http.ServerResponse, id: string): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ reads: ctx.reads.get(id) ?? 0 }));
}

export type { MolliePaymentState } from './mollie/payments';
export { localhostCertificate, trustLocalMollie, trustStoredMollie } from './mollie/tls';

export interface LocalMollie {
  /** Plain-HTTP origin of the hosted checkout (browsers). */
  url: string;
  /** What MOLLIE_API_ENDPOINT gets: the HTTPS API base, `https://localhost:{port}/v2/`. */
  apiEndpoint: string;
  /** The only key it accepts (`test_…`), for MOLLIE_API_KEY. */
  apiKey: string;
  /** The server's certificate (PEM), trusted through `trustLocalMollie`. */
  certificate: string;
  port: number;
  payments: ReadonlyMap<string, MolliePaymentState>;
  stop(): Promise<void>;
}

export interface LocalMollieOptions {
  port: number;
  /** Keeps payments (and the key and certificate) in `<dataDir>/mollie.json` across restarts (`npm start`). */
  dataDir?: string;
  /** One line per checkout choice and webhook call. */
  log?: (line: string) => void;
}

export async function startMollie(options: LocalMollieOptions): Promise<LocalMollie> {
  const stateFile = options.dataDir ? mollieStateFile(options.dataDir) : undefined;
  const stored = readStoredMollie(stateFile);
  // A kept certificate is reused while it is valid for another day; anything else starts fresh.
  const keptCertificate =
    stored && new Date(new X509Certificate(stored.cert).validTo).getTime() > Date.now() + 24 * 60 * 60 * 1000;
  const tls = keptCertificate ? { cert: stored.cert, key: stored.key } : await localhostCertificate();
  createPrivateKey(tls.key); // fails early on a damaged file
  const apiKey = stored?.apiKey ?? `test_${randomBytes(22).toString('base64url').replace(/[-_]/g, 'x').slice(0, 30)}`;
  const payments = new Map<string, MolliePaymentState>((stored?.payments ?? []).map((p) => [p.id, p]));

  let port = 0;
  const ctx: MollieContext = {
    apiKey,
    payments,
    reads: new Map(),
    origin: () => `http://${LOCAL_HOST}:${port}`,
    apiOrigin: () => `https://${LOCAL_HOST}:${port}`,
    save: () => {
      if (stateFile)
        writeStoredMollie(stateFile, { apiKey, cert: tls.cert, key: tls.key, payments: [...payments.values()] });
    },
    log: options.log ?? (() => undefined),
  };

  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', ctx.origin());
    const checkoutId = /^\/checkout\/([^/]+)$/.exec(url.pathname)?.[1];
    const controlId = /^\/_test\/payments\/([^/]+)$/.exec(url.pathname)?.[1];
    const work = url.pathname.startsWith('/v2/')
      ? api(ctx, req, res, url)
      : checkoutId && (req.method === 'GET' || req.method === 'POST')
        ? checkout(ctx, req, res, decodeURIComponent(checkoutId))
        : controlId && req.method === 'POST'
          ? testControl(ctx, req, res, decodeURIComponent(controlId))
          : url.pathname === '/_test/reads' && req.method === 'GET'
            ? Promise.resolve(readCount(ctx, res, url.searchParams.get('id') ?? ''))
            : Promise.resolve(mollieError(res, 404, 'Not Found', 'The resource does not exist.'));
    work.catch((error: unknown) => {
      if (!res.headersSent) mollieError(res, 500, 'Internal Server Error', String(error));
      else res.destroy();
    });
  };

  const server = await listenHttpAndHttps(handle, tls, options.port);
  port = server.port;
  const untrust = trustLocalMollie(port, tls.cert);
  ctx.save();

  return {
    url: ctx.origin(),
    apiEndpoint: `${ctx.apiOrigin()}/v2/`,
    apiKey,
    certificate: tls.cert,
    port,
    payments,
    stop: async () => {
      untrust();
      await server.close();
    },
  };
}

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import {
  type PrerenderManifest,
  prerenderManifestFile,
  shortLinkPathPrefix,
  siteOriginPlaceholder,
  surveyPageObjectOf,
} from '@reviewroute/shared';
import { spaRoutingCode } from '../../infra/src/stacks/edge-functions';
import { repoRoot } from '../../infra/src/paths';

const run = promisify(execFile);

/**
 * The production build of the web app (Vite, then the prerender) into `outDir`, as `npm run build -w web`
 * makes web/dist: tests build into a folder of their own, so they never race a bench or a deploy for web/dist.
 */
export async function buildSite(outDir: string, signal?: AbortSignal): Promise<void> {
  const web = path.join(repoRoot, 'web');
  const bin = (name: string) => path.join(repoRoot, 'node_modules', '.bin', name);
  await run(bin('vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], { cwd: web, signal });
  await run(bin('tsx'), ['scripts/prerender.ts', outDir], { cwd: web, signal });
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** The paths CloudFront sends to the API and the assets bucket instead of the site's files. */
const proxiedPath = (pathname: string): boolean =>
  pathname.startsWith('/api/') ||
  pathname === '/config.json' ||
  pathname.startsWith('/files/') ||
  pathname.startsWith(shortLinkPathPrefix);

/**
 * The loopback address a browser's API calls reach the gateway from: one per user agent (all of 127/8 reaches
 * the local stack). CloudFront passes each viewer's own address and the API's per-client limits key on it alone,
 * so without this every browser of a test run would be one client, 127.0.0.1, sharing its submits a minute; the
 * tests give each visitor of theirs a user agent of its own.
 */
export function viewerAddressOf(userAgent: string | undefined): string {
  const [a = 0, b = 0, c = 0] = createHash('sha256')
    .update(userAgent ?? '')
    .digest();
  return `127.${1 + (a % 254)}.${b}.${1 + (c % 254)}`;
}

/** A written survey page from the bucket (s3rver's URL of it); undefined when absent. */
async function writtenPage(bucketUrl: string, key: string): Promise<Buffer | undefined> {
  try {
    const answer = await fetch(`${bucketUrl}/${key}`);
    return answer.ok ? Buffer.from(await answer.arrayBuffer()) : undefined;
  } catch {
    return undefined;
  }
}

export interface BuiltSite {
  url: string;
  close(): Promise<void>;
}

/** Where a test asks whether the site is served yet: 200 once built, 500 with the build's error if it failed. */
export const siteReadyPath = '/__built-site/ready';

/**
 * Serves a built site the way CloudFront does: the web stack's own routing function picks the file (a
 * prerendered page, survey.html or the app shell), files that carry the origin placeholder get this server's
 * origin (as the deploy gives them the site's), everything is gzipped and hashed assets are immutable.
 * `/api`, `/config.json` and `/files` go to `apiUrl` when given (the local stack's gateway, which stands in
 * for CloudFront's other origins), as the Vite dev server proxies them, each user agent from its own address
 * (`viewerAddressOf`). `apiUrl` may be a promise: a test run serves the site before the stack has started,
 * since the stack needs the site's origin (CORS, links in mails).
 * `host` (default 127.0.0.1) is where it listens and the host of its origin.
 * With `built`, the server listens at once and requests wait until that build of `dir` has finished, so a
 * test run can build while the stack starts and other files run.
 */
export async function serveBuiltSite(
  dir: string,
  options: {
    apiUrl?: string | Promise<string>;
    built?: Promise<void>;
    host?: string;
    /** The assets bucket (s3rver's URL of it), where a survey's written pages are read from. */
    bucketUrl?: string | Promise<string>;
  } = {},
): Promise<BuiltSite> {
  const host = options.host ?? '127.0.0.1';
  const loadManifest = async () => {
    await options.built;
    const manifest = JSON.parse(await readFile(path.join(dir, prerenderManifestFile), 'utf8')) as PrerenderManifest;
    const route = new Function(`${spaRoutingCode(manifest.pages)}\nreturn handler;`)() as (event: {
      request: { uri: string };
    }) => { uri: string };
    return { route, withOrigin: new Set(manifest.filesWithOrigin.map((file) => `/${file}`)) };
  };
  const site = loadManifest();
  // Failures are answered per request (and at siteReadyPath); this only keeps them from being unhandled.
  site.catch(() => undefined);
  // Without a pending build the site must be there already: a missing manifest fails here, not per request.
  if (!options.built) await site;
  let origin = '';
  const cache = new Map<string, Buffer>();

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (options.apiUrl && proxiedPath(url.pathname)) {
        let apiUrl: string;
        try {
          apiUrl = await options.apiUrl;
        } catch {
          res.writeHead(502).end();
          return;
        }
        const upstream = new URL(req.url ?? '/', apiUrl);
        const headers = {
          ...req.headers,
          // As Vite's proxy (`xfwd`) and CloudFront pass them on.
          'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1',
          'x-forwarded-proto': 'http',
          'x-forwarded-host': req.headers.host ?? '',
        };
        const localAddress = viewerAddressOf(req.headers['user-agent']);
        const proxied = httpRequest(upstream, { method: req.method, headers, localAddress }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        proxied.on('error', () => {
          if (res.headersSent) res.destroy();
          else res.writeHead(502).end();
        });
        // A page that navigates away mid-request: the gateway's side goes too.
        res.on('close', () => {
          if (!res.writableFinished) proxied.destroy();
        });
        req.pipe(proxied);
        return;
      }
      let loaded: Awaited<typeof site>;
      try {
        loaded = await site;
      } catch (error) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`The site build failed:\n${String(error)}`);
        return;
      }
      if (url.pathname === siteReadyPath) {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('built');
        return;
      }
      // A survey's written page (its public page or disclosure page), from the bucket as CloudFront serves it;
      // without one (an unknown or deleted survey) the path gets what the routing function gives it.
      const pageKey = req.method === 'GET' || req.method === 'HEAD' ? surveyPageObjectOf(url.pathname) : undefined;
      const written = pageKey && options.bucketUrl ? await writtenPage(await options.bucketUrl, pageKey) : undefined;
      if (written) {
        res.writeHead(200, {
          'content-type': contentTypes['.html']!,
          'content-encoding': 'gzip',
          'cache-control': 'no-cache',
        });
        res.end(gzipSync(written));
        return;
      }
      const { route, withOrigin } = loaded;
      const file = route({ request: { uri: decodeURIComponent(url.pathname) } }).uri;
      const full = path.join(dir, path.normalize(file).replace(/^(\.\.[/\\])+/, ''));
      let body = cache.get(full);
      try {
        if (!body) {
          const raw = await readFile(full);
          const content = withOrigin.has(file)
            ? Buffer.from(raw.toString('utf8').split(siteOriginPlaceholder).join(origin))
            : raw;
          body = gzipSync(content, { level: 9 });
          cache.set(full, body);
        }
      } catch {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      res.writeHead(200, {
        'content-type': contentTypes[path.extname(full)] ?? 'application/octet-stream',
        'content-encoding': 'gzip',
        'cache-control': file.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
      res.end(body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    close: () =>
      new Promise<void>((resolve) => {
        // A browser's keep-alive connections would hold close() open until they time out.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Builds the site into a temporary folder and serves it (see serveBuiltSite) before the build has finished:
 * the test run's global set-up starts this, so the build overlaps the stack start and the first files.
 */
export async function buildAndServeSite(
  options: { apiUrl?: string | Promise<string>; host?: string; bucketUrl?: string | Promise<string> } = {},
): Promise<BuiltSite> {
  const dir = await mkdtemp(path.join(tmpdir(), 'reviewroute-site-'));
  // A run that ends early (a failed start, Ctrl-C) stops the build instead of waiting for it.
  const abort = new AbortController();
  const built = buildSite(dir, abort.signal);
  built.catch(() => undefined);
  const site = await serveBuiltSite(dir, { ...options, built });
  return {
    url: site.url,
    close: async () => {
      abort.abort();
      await site.close();
      await built.catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

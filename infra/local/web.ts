import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { shortLinkPathPrefix, surveyPageObjectOf } from '@reviewroute/shared';
import { repoRoot } from './dynamodb-local';
import { LOCAL_HOST, PortInUseError, assertPortFree } from './ports';

export interface LocalWeb {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * The Vite dev server in this process, with web/vite.config.ts plus `/api`, `/config.json` and `/files`
 * proxied to the local gateway: app and API share one origin, as they do behind CloudFront.
 */
export async function startWeb(options: {
  port: number;
  apiUrl: string;
  logLevel?: 'info' | 'warn' | 'error' | 'silent';
  /** A private dependency cache and no file watching (test runs); default: the shared cache, hot reload. */
  cacheDir?: string;
  /** The assets bucket (s3rver's URL of it): a survey's written pages are served from it at the survey's paths. */
  bucketUrl?: string;
}): Promise<LocalWeb> {
  await assertPortFree('app (Vite)', options.port);
  const { createServer } = await import('vite');
  const webRoot = path.join(repoRoot, 'web');
  const proxy = { target: options.apiUrl, changeOrigin: false, xfwd: true };
  let server: ViteDevServer | undefined;
  const exitListeners = () => ({
    sigterm: process.listeners('SIGTERM'),
    stdinEnd: process.stdin.listeners('end') as (() => void)[],
  });
  const before = exitListeners();
  try {
    server = await createServer({
      configFile: path.join(webRoot, 'vite.config.ts'),
      root: webRoot,
      logLevel: options.logLevel ?? 'warn',
      clearScreen: false,
      ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
      ...(options.bucketUrl ? { plugins: [writtenSurveyPages(options.bucketUrl)] } : {}),
      server: {
        ...(options.cacheDir ? { watch: null, hmr: false } : {}),
        host: LOCAL_HOST,
        port: options.port,
        strictPort: true,
        proxy: { '/api': proxy, '/config.json': proxy, '/files': proxy, [shortLinkPathPrefix]: proxy },
      },
    });
    // Vite exits the process on SIGTERM or when stdin ends, as its CLI would; here whoever started the
    // stack owns shutdown (and stops Vite with the rest), so those listeners go.
    const after = exitListeners();
    for (const listener of after.sigterm) if (!before.sigterm.includes(listener)) process.off('SIGTERM', listener);
    for (const listener of after.stdinEnd) if (!before.stdinEnd.includes(listener)) process.stdin.off('end', listener);
    await server.listen();
  } catch (error) {
    await server?.close();
    if ((error as Error).message?.includes(`Port ${options.port} is already in use`))
      throw new PortInUseError('app (Vite)', options.port);
    throw error;
  }
  const address = server.httpServer?.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const vite = server;
  return { url: `http://${LOCAL_HOST}:${port}`, port, stop: () => vite.close() };
}

/**
 * A survey's written pages (its public page and disclosure page, `shared/src/domain/survey-pages.ts`), served at
 * the survey's paths from the bucket, as CloudFront serves them; a path without one falls through to the dev
 * server's own routing (the page's script shell), as an unknown survey's does.
 */
function writtenSurveyPages(bucketUrl: string): Plugin {
  return {
    name: 'reviewroute-written-survey-pages',
    // Before vite.config.ts's own survey routing, which rewrites these paths to the shell.
    enforce: 'pre',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const key = req.method === 'GET' ? surveyPageObjectOf(new URL(req.url ?? '/', 'http://x').pathname) : undefined;
        if (!key) return next();
        fetch(`${bucketUrl}/${key}`)
          .then(async (answer) => {
            if (!answer.ok) return next();
            res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
            res.end(Buffer.from(await answer.arrayBuffer()));
          })
          .catch(() => next());
      });
    },
  };
}

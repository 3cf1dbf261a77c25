import { fileURLToPath } from 'node:url';
import { build, defineConfig, type InlineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const root = fileURLToPath(new URL('.', import.meta.url));

// The local stack starts Vite programmatically and injects its own `/api` and `/config.json` proxies, so
// the proxy below applies only to a plain `npm run dev -w web` against an already running API.
const apiTarget = process.env.REVIEWROUTE_API_URL ?? 'http://localhost:3001';

/** Public survey links: `/surveys/{code}/{slug}` and `/nl/surveys/...` as the CloudFront function matches them. */
const surveyPagePattern = /^(?:\/nl)?\/surveys\/[^/]+/;

/**
 * The public survey page is its own entry (survey.html): served for survey links in development, as the
 * CloudFront routing function does in AWS. Everything else keeps Vite's SPA fallback to index.html.
 */
function surveyPageRouting(): Plugin {
  return {
    name: 'reviewroute-survey-page',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [pathname, query] = (req.url ?? '').split('?', 2) as [string, string | undefined];
        if (surveyPagePattern.test(pathname) && !/\.\w+$/.test(pathname)) {
          req.url = `/survey.html${query ? `?${query}` : ''}`;
        }
        next();
      });
    },
  };
}

/** The reviews widget's entry (web/src/widget/): built on its own, as one classic script at a stable path. */
const widgetEntry = fileURLToPath(new URL('./src/widget/widget.ts', import.meta.url));

/** The widget's build: one IIFE (the owner's page loads it with a plain script tag), minified, nothing shared. */
const widgetBuildConfig = (outDir: string, write: boolean): InlineConfig => ({
  configFile: false,
  root,
  logLevel: 'warn',
  publicDir: false,
  build: {
    outDir,
    emptyOutDir: false,
    write,
    copyPublicDir: false,
    target: 'es2020',
    lib: { entry: widgetEntry, formats: ['iife'], name: 'ReviewRouteWidget', fileName: () => 'widget.js' },
  },
});

/**
 * `/widget.js` (widgetScriptPath of shared): the owner's snippet names it for good, so it is not hashed and not
 * part of the app's chunks. `vite build` writes it beside the app's files; the dev server builds it per request.
 */
function widgetBuild(): Plugin {
  let outDir = '';
  return {
    name: 'reviewroute-widget',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      if (outDir) await build(widgetBuildConfig(outDir, true));
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if ((req.url ?? '').split('?')[0] !== '/widget.js') return next();
        build(widgetBuildConfig(outDir, false))
          .then((output) => {
            const [result] = Array.isArray(output) ? output : [output];
            const chunk = 'output' in result ? result.output[0] : undefined;
            res.setHeader('content-type', 'text/javascript; charset=utf-8');
            res.end(chunk?.code ?? '');
          })
          .catch(next);
      });
    },
  };
}

/** zod, and shared's modules that use it (all but the zod-free `domain/` and `routes.ts`). */
const isSchemaModule = (id: string): boolean =>
  /[\\/]node_modules[\\/]zod[\\/]/.test(id) ||
  (!id.includes('node_modules') && /[\\/]shared[\\/]src[\\/](?!routes\.ts$)[\w-]+\.ts$/.test(id));

export default defineConfig({
  root,
  plugins: [surveyPageRouting(), widgetBuild(), react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/config.json': { target: apiTarget, changeOrigin: true },
      // A text's short links (`/r/{code}`) are the API's redirects.
      '/r/': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    manifest: true,
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        survey: fileURLToPath(new URL('./survey.html', import.meta.url)),
        // The prerendered public pages without a form run this instead of the app (web/scripts/prerender.ts
        // finds its file in the build manifest).
        'public-page': fileURLToPath(new URL('./src/public-page.ts', import.meta.url)),
      },
      output: {
        codeSplitting: {
          // zod and shared's schemas in a chunk of their own: only the pages that validate (contact, owner app)
          // load it, instead of it riding along in a common chunk every public page needs. Only these modules:
          // what they import from shared's zod-free part stays where the public pages find it.
          includeDependenciesRecursively: false,
          groups: [{ name: 'schemas', test: isSchemaModule }],
        },
      },
    },
  },
});

// The public pages as static HTML, after `vite build`: each page in each language is rendered by the app
// itself (src/prerender.tsx, built for Node here), written into the built index.html and saved under
// prerendered/, with a manifest the CloudFront routing function and local servers read, plus sitemap.xml and
// robots.txt. Absolute links use the shared origin placeholder, which the web stack replaces with the site's
// origin when it deploys. `npm run build -w web` runs it on web/dist; `tsx scripts/prerender.ts <dir>` on the
// output of `vite build --outDir <dir>`.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import {
  escapeHtml,
  type PrerenderManifest,
  prerenderManifestFile,
  siteOriginPlaceholder,
} from '@reviewroute/shared/domain';
import type * as PrerenderEntry from '../src/prerender';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
/** The built site: web/dist, or the folder given (a test's own build, next to `vite build --outDir`). */
const dist = path.resolve(process.argv[2] ?? path.join(webRoot, 'dist'));
// Inside node_modules, so the built entry resolves react & co. from the workspace like the app does; one
// folder per run, so two builds at once (a test and a bench) do not share it.
const ssrOut = path.join(webRoot, 'node_modules', `.prerender-${process.pid}`);

/** Vite's build manifest (`build.manifest`): read here, then removed, as nothing serves it. */
const buildManifest = '.vite/manifest.json';

/** Where the page at `urlPath` is stored: `/` -> prerendered/index.html, `/nl/over-ons` -> prerendered/nl/over-ons.html. */
const fileOf = (urlPath: string) => `prerendered${urlPath === '/' ? '/index' : urlPath}.html`;

function replaceOnce(html: string, pattern: RegExp | string, replacement: string, what: string): string {
  const matches = typeof pattern === 'string' ? html.split(pattern).length - 1 : (html.match(pattern) ?? []).length;
  if (matches !== 1) throw new Error(`dist/index.html: expected one ${what}, found ${matches}`);
  return html.replace(pattern, () => replacement);
}

/** The built file of a source entry, from Vite's build manifest. */
async function builtEntry(source: string): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(dist, buildManifest), 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean }
  >;
  const entry = manifest[source];
  if (!entry?.isEntry) throw new Error(`${buildManifest}: no entry ${source}`);
  return `/${entry.file}`;
}

interface PageTemplates {
  /** For the pages the app hydrates (`interactivePages`). */
  app: string;
  /** For the pages that stay their HTML, with only the small public-page script. */
  static: string;
}

/**
 * The built shell, rearranged so the first paint needs this one request and nothing competes with it: the
 * stylesheet inlined (CSP allows inline styles; each public page is a first visit's landing page) and no
 * module preloads that would download the app alongside the page. Pages the app hydrates start it from a tiny
 * boot script one frame after the page is on screen; the others load only the public-page entry (a module,
 * so it runs after parsing). Scripts are files: CSP allows no inline script.
 */
async function pageTemplates(shell: string): Promise<PageTemplates> {
  let html = shell;
  for (const tag of shell.match(/<link rel="stylesheet"[^>]*>/g) ?? []) {
    const href = /href="([^"]+)"/.exec(tag)?.[1];
    if (!href?.startsWith('/assets/')) throw new Error(`dist/index.html: unexpected stylesheet ${tag}`);
    const css = (await readFile(path.join(dist, href), 'utf8')).replace(/<\/style/gi, '<\\/style');
    html = html.replace(tag, () => `<style>${css}</style>`);
  }
  html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  const entry = /\s*<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(html);
  if (!entry) throw new Error('dist/index.html: no module script');
  html = html.replace(entry[0], '');
  const boot = `requestAnimationFrame(() => setTimeout(() => import(${JSON.stringify(entry[1])})));\n`;
  const bootFile = `/assets/boot-${createHash('sha256').update(boot).digest('hex').slice(0, 8)}.js`;
  await writeFile(path.join(dist, bootFile), boot);
  const withScript = (file: string) =>
    replaceOnce(html, '</body>', `  <script type="module" src="${file}"></script>\n  </body>`, '</body>');
  return { app: withScript(bootFile), static: withScript(await builtEntry('src/public-page.ts')) };
}

async function main(): Promise<void> {
  const started = Date.now();
  await build({
    configFile: path.join(webRoot, 'vite.config.ts'),
    root: webRoot,
    logLevel: 'warn',
    build: {
      ssr: 'src/prerender.tsx',
      outDir: ssrOut,
      emptyOutDir: true,
      rollupOptions: { input: path.join(webRoot, 'src', 'prerender.tsx') },
    },
  });
  try {
    const entry = (await import(pathToFileURL(path.join(ssrOut, 'prerender.js')).href)) as typeof PrerenderEntry;
    const templates = await pageTemplates(await readFile(path.join(dist, 'index.html'), 'utf8'));
    const manifest: PrerenderManifest = { pages: {}, filesWithOrigin: [] };
    const write = async (file: string, content: string) => {
      await mkdir(path.dirname(path.join(dist, file)), { recursive: true });
      await writeFile(path.join(dist, file), content);
      manifest.filesWithOrigin.push(file);
    };
    for (const variant of entry.siteVariants()) {
      const page = await entry.renderPage(variant, siteOriginPlaceholder);
      const template = entry.interactivePages.has(page.page) ? templates.app : templates.static;
      let html = replaceOnce(template, /<html lang="[^"]*">/, `<html lang="${page.language}">`, '<html lang>');
      // The shell's own title, description and noindex make way for the page's.
      html = replaceOnce(html, /\s*<title>[^<]*<\/title>/, '', '<title>');
      html = html.replace(/\s*<!--[\s\S]*?-->/g, '');
      html = html.replace(/\s*<meta\b[^>]*\bdata-page-head\b[^>]*>/g, '');
      html = replaceOnce(html, '</head>', `    ${page.head}\n  </head>`, '</head>');
      html = replaceOnce(
        html,
        '<div id="root"></div>',
        `<div id="root" data-prerendered-path="${escapeHtml(page.path)}">${page.body}</div>`,
        'empty root element',
      );
      const file = fileOf(page.path);
      await write(file, html);
      manifest.pages[page.path] = `/${file}`;
    }
    await write('sitemap.xml', entry.sitemapXml(siteOriginPlaceholder));
    await write('robots.txt', entry.robotsTxt(siteOriginPlaceholder));
    await writeFile(path.join(dist, prerenderManifestFile), `${JSON.stringify(manifest, null, 2)}\n`);
    await rm(path.join(dist, path.dirname(buildManifest)), { recursive: true, force: true });
    console.log(`prerendered ${Object.keys(manifest.pages).length} pages in ${Date.now() - started} ms`);
  } finally {
    await rm(ssrOut, { recursive: true, force: true });
  }
}

await main();

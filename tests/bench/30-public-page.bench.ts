import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { surveyDefaults, type PublicSurvey } from '@reviewroute/shared';
import { landingPath, surveyPathPattern } from '@reviewroute/shared/domain';
import { localhostCertificate } from '../../infra/local/mollie';
import { writtenSurveyPages } from '@reviewroute/web/survey-pages';
import { lighthouse } from '../support/lighthouse';

/**
 * The public survey page's budget: what survey.html makes a phone download (JS and CSS, gzip -9)
 * and Lighthouse's mobile performance score and LCP against the production build, at a link whose page was
 * written at publish (the survey's content and CSS in its HTML, goal LCP ≤ 1.0 s). Printed, never asserted.
 *
 * Lighthouse runs against a tiny loopback server, not the local stack: it serves web/dist the way
 * CloudFront does (survey.html for survey links, compressed, long-cached assets, over HTTP/2) and answers the
 * one API call the page makes with a fixed survey, so the figure measures the page, not the emulators.
 * HTTP/2 matters to the figure: the page's script is a dozen small chunks, which HTTP/1.1 would queue on six
 * connections (LCP 1.9 s against 1.3 s over HTTP/2), and the distribution serves HTTP/2 and 3 to phones.
 */

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const dist = path.join(repoRoot, 'web', 'dist');

export const sampleCode = 'bench234';
const logoSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 64"><rect width="160" height="64" rx="12" fill="#c2410c"/><text x="80" y="41" font-family="sans-serif" font-size="22" fill="#fff" text-anchor="middle">Joe&apos;s</text></svg>';
export const sampleSurvey: PublicSurvey = {
  surveyCode: sampleCode,
  businessName: "Joe's Pizza & Pasta",
  businessSlug: 'joes-pizza-pasta',
  businessLogoUrl: '/files/bench/logo.svg',
  customPrompt: surveyDefaults.customPrompt,
  lowRatingMessage: surveyDefaults.lowRatingMessage,
  midRatingMessage: surveyDefaults.midRatingMessage,
  highRatingMessage: surveyDefaults.highRatingMessage,
  contactFollowUpMessage: surveyDefaults.contactFollowUpMessage,
  googleReviewPrompt: surveyDefaults.googleReviewPrompt,
  highRatingPhotoUrl: null,
  googleBusinessUrl: 'https://search.google.com/local/writereview?placeid=bench',
  collectContactOnLowRating: true,
  offerPublicReviewToEveryone: false,
  language: 'en',
  customColors: { primaryColor: '#c2410c', backgroundColor: '#fff7ed' },
};

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * The JS and CSS survey.html loads: its entry script, module preloads and stylesheets, and every chunk those
 * import, statically or dynamically (the React app is imported after the first paint, but the phone still
 * downloads it).
 */
async function pageAssets(): Promise<{ js: string[]; css: string[] }> {
  const html = await readFile(path.join(dist, 'survey.html'), 'utf8');
  const js = new Set<string>();
  const css = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const href = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!href || /^https?:/.test(href)) continue;
    if (tag.startsWith('<script') || /rel="modulepreload"/.test(tag)) js.add(href);
    else if (/rel="stylesheet"/.test(tag)) css.add(href);
  }
  if (js.size === 0) throw new Error('survey.html loads no script: is it an input of the Vite build?');
  // Chunks name each other as "./x.js" (imports) or "assets/x.js" (Vite's preload lists); the set grows as it is read.
  for (const file of js) {
    const code = await readFile(path.join(dist, file), 'utf8');
    for (const [, name] of code.matchAll(/["'`](?:\.\/|\/?assets\/)([\w.-]+\.(?:js|css))["'`]/g)) {
      (name!.endsWith('.css') ? css : js).add(`/assets/${name}`);
    }
  }
  return { js: [...js], css: [...css] };
}

async function gzipTotal(files: string[]): Promise<number> {
  let total = 0;
  for (const file of files) total += gzipSync(await readFile(path.join(dist, file)), { level: 9 }).length;
  return total;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/**
 * web/dist as CloudFront serves it: survey links -> survey.html, gzip, immutable hashed assets, HTTP/2 over TLS
 * (browsers speak HTTP/2 only over TLS; the certificate is a local one, which Lighthouse's Chromium is told to
 * accept).
 */
export async function serveDist(): Promise<{ url: string; server: Http2SecureServer }> {
  const cache = new Map<string, Buffer>();
  // The sample survey's page as the surveys Lambda writes it at publish (content and CSS in the HTML), on this
  // build's shell: what CloudFront serves at its link.
  const written = await writtenSurveyPages(sampleSurvey, '2026-01-01T00:00:00.000Z', (file) =>
    readFile(path.join(dist, file), 'utf8'),
  );
  const writtenPath = landingPath(sampleCode, sampleSurvey.businessSlug);
  const writtenBody = gzipSync(written.page, { level: 9 });
  const tls = await localhostCertificate('ReviewRoute bench');
  const server = createSecureServer({ ...tls, allowHTTP1: true }, (req, res) => {
    void (async () => {
      const pathname = new URL(req.url ?? '/', 'http://x').pathname;
      if (pathname.startsWith('/api/public/surveys/')) {
        const code = decodeURIComponent(pathname.slice('/api/public/surveys/'.length));
        const found = code === sampleCode;
        res.writeHead(found ? 200 : 404, { 'content-type': 'application/json', 'cache-control': 'public, max-age=60' });
        res.end(JSON.stringify(found ? sampleSurvey : { error: { code: 'NOT_FOUND', message: 'Survey not found.' } }));
        return;
      }
      if (pathname === '/files/bench/logo.svg') {
        res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' });
        res.end(logoSvg);
        return;
      }
      if (pathname === writtenPath) {
        res.writeHead(200, {
          'content-type': contentTypes['.html']!,
          'content-encoding': 'gzip',
          'cache-control': 'no-cache',
        });
        res.end(writtenBody);
        return;
      }
      const file = surveyPathPattern.test(pathname) ? '/survey.html' : pathname;
      const full = path.join(dist, path.normalize(file).replace(/^(\.\.[/\\])+/, ''));
      let body = cache.get(full);
      try {
        body ??= gzipSync(await readFile(full), { level: 9 });
      } catch {
        res.writeHead(404).end();
        return;
      }
      cache.set(full, body);
      res.writeHead(200, {
        'content-type': contentTypes[path.extname(full)] ?? 'application/octet-stream',
        'content-encoding': 'gzip',
        'cache-control': file.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
      res.end(body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

export async function run(): Promise<void> {
  execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  const assets = await pageAssets();
  console.log(`public-page-js-gzip: ${kb(await gzipTotal(assets.js))} KB`);
  console.log(`public-page-css-gzip: ${kb(await gzipTotal(assets.css))} KB`);

  const { url, server } = await serveDist();
  try {
    const result = await lighthouse(
      `${url}${landingPath(sampleCode, sampleSurvey.businessSlug)}`,
      ['performance'],
      ['--ignore-certificate-errors'],
    );
    const score = Math.round((result.categories.performance.score ?? 0) * 100);
    const lcp = (result.audits['largest-contentful-paint']?.numericValue ?? NaN) / 1000;
    console.log(`public-page-lighthouse-performance: ${score}`);
    console.log(`public-page-lcp: ${lcp.toFixed(1)} s`);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

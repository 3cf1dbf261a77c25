import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildSite, serveBuiltSite } from '../support/built-site';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { lighthouse } from '../support/lighthouse';

/**
 * The public home page's budget: the JavaScript a phone downloads for `/` (every script until the network is
 * idle, gzip -9; goal ≤ 120 KB) and Lighthouse mobile scores for `/` and `/nl` (goal ≥ 95 each), on the
 * production build with its prerendered pages, served as CloudFront serves them. Printed, never asserted.
 */

const categories = ['performance', 'seo', 'accessibility', 'best-practices'] as const;
type Category = (typeof categories)[number];

/**
 * The JS the prerendered home makes a phone download: every script the page requests in Chromium until the
 * network is idle (its entry and that entry's chunks, and anything they load), gzip -9.
 */
async function homeJsGzip(dist: string, url: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      const pathname = new URL(request.url()).pathname;
      if (pathname.endsWith('.js')) scripts.add(pathname);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    let total = 0;
    for (const script of scripts) total += gzipSync(await readFile(path.join(dist, script)), { level: 9 }).length;
    return total;
  } finally {
    await browser.close();
  }
}

export async function run(): Promise<void> {
  const dist = await mkdtemp(path.join(tmpdir(), 'reviewroute-bench-site-'));
  try {
    await buildSite(dist);
    const site = await serveBuiltSite(dist);
    try {
      console.log(`home-page-js-gzip: ${((await homeJsGzip(dist, `${site.url}/`)) / 1024).toFixed(1)} KB`);
      const scores = new Map<Category, string[]>(categories.map((c) => [c, []]));
      for (const page of ['/', '/nl']) {
        const result = await lighthouse(`${site.url}${page}`, categories);
        for (const category of categories) {
          scores.get(category)!.push(`${Math.round((result.categories[category].score ?? 0) * 100)} (${page})`);
        }
      }
      for (const [category, values] of scores) console.log(`home-page-lighthouse-${category}: ${values.join(', ')}`);
    } finally {
      await site.close();
    }
  } finally {
    await rm(dist, { recursive: true, force: true });
  }
}

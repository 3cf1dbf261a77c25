import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Download,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from './chromium';
import { builtSiteUrl } from './run-site';

/**
 * A browser for the calling file: a connection to the run's one Chromium when the global set-up started it
 * (every e2e run), else a Chromium of its own. `close()` ends only this connection and its contexts. When the
 * app is the run's production build, this also waits until the build has finished (the first file to get
 * here waits for it), so call it in `beforeAll`.
 */
export async function launchBrowser(): Promise<Browser> {
  const builtSite = inject('builtSite');
  if (builtSite && builtSite === inject('localStack').urls.app) await builtSiteUrl();
  const wsEndpoint = inject('browserEndpoint');
  if (wsEndpoint) return chromium.connect(wsEndpoint);
  return chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/**
 * The bytes of a download. Read through Playwright's stream, which works on a connected browser too:
 * `download.path()` does not (the file lives on the browser's side).
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const chromiumUserAgents = new WeakMap<Browser, Promise<string>>();

/** The user agent Chromium sends by itself, read once per browser connection. */
function chromiumUserAgentOf(browser: Browser): Promise<string> {
  let userAgent = chromiumUserAgents.get(browser);
  if (!userAgent) {
    userAgent = (async () => {
      const context = await browser.newContext();
      try {
        return await (await context.newPage()).evaluate(() => navigator.userAgent);
      } finally {
        await context.close();
      }
    })();
    chromiumUserAgents.set(browser, userAgent);
  }
  return userAgent;
}

/**
 * A fresh context (cookies, storage) per test, with `baseURL` = the app of the e2e stack, so
 * `page.goto('/auth')` works. axe needs pages made from a context like this. Each context is a visitor of its
 * own: without a user agent of the test's, it gets Chromium's marked with an id, which the test site's proxy
 * turns into a client address of its own (`viewerAddressOf`), so the API's per-client limits count it alone.
 */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const appUrl = inject('localStack').urls.app;
  return browser.newContext({
    ...(appUrl ? { baseURL: appUrl } : {}),
    locale: 'en-US',
    reducedMotion: 'reduce',
    ...options,
    userAgent: options.userAgent ?? `${await chromiumUserAgentOf(browser)} reviewroute-visitor/${randomUUID()}`,
  });
}

export interface BrowserFixture {
  browser(): Browser;
  context(): BrowserContext;
  page(): Page;
}

/**
 * Registers hooks in the calling test file: a browser (connection) per block, a new context and page per test.
 * Usage: `const b = useBrowser(); it('…', async () => { await b.page().goto('/auth'); })`.
 */
export function useBrowser(contextOptions: BrowserContextOptions = {}): BrowserFixture {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    context = await newContext(browser!, contextOptions);
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
    page = undefined;
  });
  const need = <T>(value: T | undefined, what: string): T => {
    if (!value) throw new Error(`${what} is only available inside a test of a file that called useBrowser()`);
    return value;
  };
  return {
    browser: () => need(browser, 'browser'),
    context: () => need(context, 'context'),
    page: () => need(page, 'page'),
  };
}

export interface AxeOptions {
  /** CSS selectors left out of the scan (third-party widgets). */
  exclude?: string[];
  /** axe rule ids to skip, each with a reason in the calling test. */
  disableRules?: string[];
}

/** Resolves once the page's running finite animations and transitions have ended (a spinner's never do). */
async function animationsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) =>
          a.finished.then(
            () => undefined,
            () => undefined,
          ),
        ),
    ),
  );
}

/** Counts the DOM changes from now on; the returned function reads the count and stops counting. */
async function watchMutations(page: Page): Promise<() => Promise<number>> {
  const key = '__axeMutationWatch';
  await page.evaluate((name) => {
    const count = { changes: 0, observer: new MutationObserver((records) => (count.changes += records.length)) };
    count.observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    (window as unknown as Record<string, typeof count>)[name] = count;
  }, key);
  return () =>
    page
      .evaluate((name) => {
        const count = (
          window as unknown as Record<string, { changes: number; observer: MutationObserver } | undefined>
        )[name];
        count?.observer.disconnect();
        return count?.changes ?? 0;
      }, key)
      // The page navigated meanwhile: it did not hold still.
      .catch(() => 1);
}

/**
 * A page as a person looks at it at phone and laptop width (390 and 1280 px): a full-page screenshot at each, from
 * the top (a scrolled page draws its sticky header mid-page), and nothing sticking out sideways at either; the
 * laptop's width after. `path` names the shot of each width.
 */
export async function lookAtWidths(page: Page, path: (width: number) => string, widths = [390, 1280]): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, path(width), { fullPage: true });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${path(width)}: wider than the page`,
    ).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Screenshots are for a person to look at: `E2E_SCREENSHOTS=1` writes them; `npm test` (and CI) skips the work. */
const screenshotsWanted = Boolean(process.env.E2E_SCREENSHOTS);

/**
 * Saves what the page shows, for a person to look at (git-ignored artifacts), when `E2E_SCREENSHOTS` is set. A full page is taken as a
 * viewport made as tall as the page, then put back: Chromium's own full-page capture (beyond the viewport)
 * now and then never returns on a loaded machine and leaves the tab unable to paint (seen in CI: the
 * capture timed out, and the next test's click never found a stable element).
 */
export async function saveScreenshot(page: Page, path: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!screenshotsWanted) return;
  const viewport = page.viewportSize();
  const height = options.fullPage ? await page.evaluate(() => document.documentElement.scrollHeight) : 0;
  // Chromium draws at most 16,384 px in one capture.
  const tall =
    viewport && height > viewport.height ? { width: viewport.width, height: Math.min(height, 16_000) } : null;
  if (!tall) return void (await page.screenshot({ path }));
  await page.setViewportSize(tall);
  try {
    await page.screenshot({ path });
  } finally {
    await page.setViewportSize(viewport!);
  }
}

/** How often axe looks again when the page changed while it looked. */
const axeAttempts = 3;

/**
 * Runs axe (WCAG 2.x A and AA) on the page and fails with a readable list of violations. axe judges the page
 * as a person reads it, settled: after its transitions have ended, and again when the page changed while axe
 * looked (a prerendered page hydrating enables its buttons, which then fade in from half opacity).
 */
export async function expectNoAxeViolations(page: Page, options: AxeOptions = {}): Promise<void> {
  // Legacy mode runs axe.run in the page itself. The default (runPartial per frame, then finishRun in a blank
  // page it opens and injects axe into again) is for cross-origin frames, which the app has none of, and took
  // two to three times as long: two fifths of the e2e tests' time went to axe before.
  let builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  let violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations'] = [];
  for (let attempt = 1; attempt <= axeAttempts; attempt += 1) {
    // Watching starts first: a change between the wait and the analysis counts too.
    const changes = await watchMutations(page);
    await animationsEnded(page);
    ({ violations } = await builder.analyze());
    // A clean result stands; violations count only when the page held still while axe looked.
    if (violations.length === 0 || (await changes()) === 0) break;
  }
  const report = violations
    .map(
      (v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}`).join('\n')}`,
    )
    .join('\n');
  expect(violations, `axe violations on ${page.url()}:\n${report}`).toEqual([]);
}

import { fork } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import type { StackProcessMessage } from './stack-process';
import { LOCAL_HOST } from '../../infra/local/ports';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { repoRoot } from '../../infra/src/paths';
import { buildAndServeSite, type BuiltSite } from './built-site';
import { launchBrowserServer, type BrowserServer } from './chromium';
import { startPlacesServer } from './places-server';
import { assetsBucketDefinition } from '@reviewroute/shared';

/** What the global set-ups hand to test files via `inject('localStack')` (serialisable: no stop()). */
export type ProvidedLocalStack = Pick<LocalStack, 'urls' | 'webConfig' | 'env' | 'resources' | 'dataDir'>;

declare module 'vitest' {
  export interface ProvidedContext {
    localStack: ProvidedLocalStack;
    /** The run's one Chromium (runs with e2e files): `launchBrowser()` connects to it. */
    browserEndpoint?: string;
    /** The run's production build of the site, served as CloudFront serves it (see `builtSiteUrl()`). */
    builtSite?: string;
  }
}

/** A test file that calls this (from ./run-site) gets the run's built site; the set-up builds it only then. */
export const builtSiteUser = 'builtSiteUrl(';

export interface RunResources {
  provided: {
    localStack: ProvidedLocalStack;
    browserEndpoint?: string;
    builtSite?: string;
  };
  stop(): Promise<void>;
}

interface SharedRun {
  web: boolean;
  site: boolean;
  users: number;
  ready: Promise<RunResources>;
}

/**
 * The runs started in this process. The `integration` and `e2e` projects each call the set-up, in the one
 * vitest process; keeping the started run on globalThis (not in this module, which each project may load
 * anew) lets the second project reuse the first one's stack.
 */
const runs = ((globalThis as Record<symbol, SharedRun[] | undefined>)[Symbol.for('reviewroute.test-runs')] ??= []);

const e2eDir = path.join(repoRoot, 'tests', 'e2e') + path.sep;

/** The test files of this vitest run (`vitest.state` has them before the global set-ups run). */
function runFiles(project: TestProject): string[] {
  return project.vitest.state.getPaths().map((file) => path.normalize(file));
}

async function usesBuiltSite(files: string[]): Promise<boolean> {
  const sources = await Promise.all(files.map((file) => readFile(file, 'utf8').catch(() => '')));
  return sources.some((source) => source.includes(builtSiteUser));
}

/** Stops what started, in reverse order; one failing stop must not leave the rest running. */
async function stopAll(stops: (() => Promise<void>)[]): Promise<void> {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
}

/**
 * `E2E_WEB=dev`: e2e files load the app from the Vite dev server instead of the production build (no build
 * to wait for after a web edit; slower pages). The production build is the default: it is what users get,
 * and a dev server transforming hundreds of modules per page load in the stack's process was most of an
 * e2e run's time.
 */
const devServer = process.env.E2E_WEB === 'dev';

/**
 * Loads both entries of the app (the SPA and survey.html) once before any test: a fresh Vite dev server
 * pre-bundles dependencies and transforms modules on the first visit, which on a busy machine can outlast
 * the first test's navigation timeout; later visits reuse that work.
 */
async function warmApp(browser: BrowserServer, appUrl: string): Promise<void> {
  const connection = await chromium.connect(browser.wsEndpoint);
  try {
    const page = await connection.newPage();
    for (const entry of ['/auth', '/surveys/warm-up/warm-up'])
      await page.goto(`${appUrl}${entry}`, { waitUntil: 'load', timeout: 300_000 });
  } finally {
    await connection.close();
  }
}

/** Starts one run's resources in this process (the stack's own process: stack-process.ts). */
export async function startRun(web: boolean, site: boolean): Promise<RunResources> {
  const started = Date.now();
  const stops: (() => Promise<void>)[] = [];
  // The gateway's URL, for the site server's proxy: the site is served (and built) before the stack is up.
  let gatewayReady!: { resolve(url: string): void; reject(error: unknown): void };
  const gatewayUrl = new Promise<string>((resolve, reject) => (gatewayReady = { resolve, reject }));
  gatewayUrl.catch(() => undefined);
  // The assets bucket on s3rver, where the site server reads a survey's written pages from.
  let bucketReady!: { resolve(url: string): void; reject(error: unknown): void };
  const bucketUrl = new Promise<string>((resolve, reject) => (bucketReady = { resolve, reject }));
  bucketUrl.catch(() => undefined);
  try {
    // Place search goes to a loopback Places API (New), never to Google: tests need no key and spend no quota.
    const places = await startPlacesServer();
    stops.push(places.stop);
    // The build runs on while the stack and Chromium start and while files that need no site run; a file
    // that loads the app waits for it (see launchBrowser and run-site.ts).
    let builtSite: BuiltSite | undefined;
    if (site) {
      // On the stack's host, as Vite's origin was: the app's origin is `localhost` wherever it is served from.
      builtSite = await buildAndServeSite({ apiUrl: gatewayUrl, bucketUrl, host: LOCAL_HOST });
      stops.push(builtSite.close);
    }
    const appIsBuilt = web && !devServer && builtSite !== undefined;
    // Chromium starts while the emulators do; both mostly wait on their own processes.
    const [stackResult, browserResult] = await Promise.allSettled([
      startLocalStack({
        web: web && devServer,
        isolatedWeb: true,
        // The app's origin is the built site's: S3 lets its pages upload, mails link to it.
        ...(appIsBuilt ? { siteOrigin: builtSite!.url } : {}),
        persist: false,
        env: {
          GOOGLE_PLACES_API_KEY: places.apiKey,
          GOOGLE_PLACES_API_URL: places.url,
          // Browsers driven by tests answer at once: the server's fill-time measure is off here (the abuse
          // suite runs its own gateway with it on).
          PUBLIC_SUBMIT_MIN_FILL_MS: '0',
          // The suites read all of an owner's routes after each step, far faster than a person: the per-owner limit
          // is raised here (tests/integration/origin-guard.test.ts runs its own gateway with a small one).
          OWNER_REQUEST_LIMIT: '100000',
          // Texts go at any hour here, so a browser test's text is not held until 09:00 Amsterdam time (the
          // hours themselves are tried by tests/integration/sms-sending.test.ts with a sender of its own).
          SMS_SENDING_HOURS: '0-24',
        },
        ...(process.env.LOCAL_STACK_LOG ? { log: (line: string) => console.log(line) } : {}),
      }),
      web ? launchBrowserServer() : Promise.resolve(undefined),
    ]);
    if (stackResult.status === 'fulfilled') stops.push(stackResult.value.stop);
    if (browserResult.status === 'fulfilled' && browserResult.value) stops.push(browserResult.value.close);
    if (stackResult.status === 'rejected') throw stackResult.reason;
    if (browserResult.status === 'rejected') throw browserResult.reason;
    const stack = stackResult.value;
    gatewayReady.resolve(stack.urls.api);
    bucketReady.resolve(`${stack.urls.s3}/${assetsBucketDefinition.localBucketName}`);
    const browser: BrowserServer | undefined = browserResult.value;
    if (browser && stack.urls.app) await warmApp(browser, stack.urls.app);
    const urls = appIsBuilt ? { ...stack.urls, app: builtSite!.url } : stack.urls;
    if (process.env.LOCAL_STACK_LOG) console.log(`local stack up in ${Date.now() - started} ms`, urls);
    return {
      provided: {
        localStack: {
          urls,
          webConfig: stack.webConfig,
          env: stack.env,
          resources: stack.resources,
          dataDir: stack.dataDir,
        },
        ...(browser ? { browserEndpoint: browser.wsEndpoint } : {}),
        ...(builtSite ? { builtSite: builtSite.url } : {}),
      },
      stop: () => stopAll(stops),
    };
  } catch (error) {
    gatewayReady.reject(error);
    bucketReady.reject(error);
    await stopAll(stops);
    throw error;
  }
}

/**
 * startRun in a process of its own (stack-process.ts): the stack's requests then never wait behind vitest's
 * own work in this process. Resolves with what the process started; `stop()` stops it and waits for its exit.
 */
function startRunInOwnProcess(web: boolean, site: boolean): Promise<RunResources> {
  const child = fork(path.join(repoRoot, 'tests', 'support', 'stack-process.ts'), [String(web), String(site)], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise<RunResources>((resolve, reject) => {
    child.once('exit', (code, signal) => reject(new Error(`The local stack's process ended (${signal ?? code})`)));
    child.on('message', (message: StackProcessMessage) => {
      if ('failed' in message) return reject(new Error(`The local stack did not start: ${message.failed}`));
      resolve({
        provided: message.ready,
        stop: async () => {
          if (child.connected) child.send('stop');
          await exited;
        },
      });
    });
  });
}

/**
 * The global set-up of the `integration` and `e2e` projects: one local stack on free ports with throw-away
 * data for the whole vitest run, however many of the two projects take part, stopped (java child included)
 * when the run ends. With e2e files in the run it also has one Chromium and the app (`urls.app`): the
 * production build of the site, served as CloudFront serves it (`E2E_WEB=dev`: the Vite dev server; then
 * the build only when a file calls builtSiteUrl()). `LOCAL_STACK_LOG=1` prints the request log.
 */
export async function provideLocalStack(project: TestProject): Promise<() => Promise<void>> {
  const files = runFiles(project);
  const web = project.name === 'e2e' || files.some((file) => file.startsWith(e2eDir));
  // The built site is the app of an e2e run; with the dev server as the app, only a file that asks builds it.
  const site = web && (!devServer || (await usesBuiltSite(files.filter((file) => file.startsWith(e2eDir)))));
  let run = runs.find((r) => (r.web || !web) && (r.site || !site));
  if (!run) {
    run = { web, site, users: 0, ready: startRunInOwnProcess(web, site) };
    runs.push(run);
  }
  run.users += 1;
  const shared = run;
  const resources = await shared.ready;
  project.provide('localStack', resources.provided.localStack);
  if (resources.provided.browserEndpoint) project.provide('browserEndpoint', resources.provided.browserEndpoint);
  if (resources.provided.builtSite) project.provide('builtSite', resources.provided.builtSite);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    runs.splice(runs.indexOf(shared), 1);
    await resources.stop();
  };
}

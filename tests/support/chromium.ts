import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/**
 * The system Chromium (Debian's package, installed by apt): tests and benches never download a browser.
 * Benches and Lighthouse measure the page in it, as a visitor's browser draws it.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

const headlessShell = '/usr/bin/chromium-headless-shell';

/**
 * The browser the e2e tests drive: Debian's `chromium-headless-shell`, the same Chromium built as the headless
 * shell (what Playwright itself runs headless). The full browser's headless mode carries its whole UI: the e2e
 * run alone took 750 s in it against 453 s in the shell, on two cores. Without the package
 * (or with `CHROMIUM_PATH` set) the tests drive the full browser.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : CHROMIUM_PATH);

/** Headless flags for this network-less machine; the background-networking ones stop Chromium phoning home. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserServer {
  /** Playwright's endpoint: `chromium.connect(wsEndpoint)` from any test file of the run. */
  wsEndpoint: string;
  close(): Promise<void>;
}

/**
 * One Chromium for a whole test run, started by the global set-up: each e2e file connects to it instead
 * of starting its own (a launch costs seconds on a busy machine), and keeps to its own contexts.
 */
export async function launchBrowserServer(): Promise<BrowserServer> {
  const server = await chromium.launchServer({
    executablePath: TEST_CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  return { wsEndpoint: server.wsEndpoint(), close: () => server.close() };
}

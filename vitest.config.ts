import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('./web/src', import.meta.url));
/** The web unit tests' helpers (msw handlers, render, fixtures): beside web/src, never in the app's bundle. */
const webTesting = fileURLToPath(new URL('./web/testing', import.meta.url));

/** What the integration and e2e projects share: the one local stack of the run, and patient polls. */
const onTheStack = {
  environment: 'node',
  globalSetup: ['tests/support/stack-setup.ts'],
  // expect.poll's default (1 s) is a wait for an answer that a busy machine can outlast (an upload's
  // confirmation, a page's); a passing poll returns as soon as it holds, so a long limit costs nothing.
  expect: { poll: { timeout: 20_000 } },
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // Handler tests send hundreds of refused garbage requests; each would log at INFO.
          env: { POWERTOOLS_LOG_LEVEL: 'ERROR' },
          // These files build their state in each test (no module-level mocks): one module graph for all of
          // them saves re-importing CDK, the SDK and zod per file, three quarters of this project's CPU time.
          isolate: false,
          // tests/docs: the docs' backticked names checked against the tree; tests/lint: lint rules on fixtures (no
          // stack needed).
          include: [
            'shared/**/*.test.ts',
            'functions/**/*.test.ts',
            'infra/**/*.test.ts',
            'tests/docs/**/*.test.ts',
            'tests/lint/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', '**/dist/**', 'cdk.out/**'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias: { '@': web, '@testing': webTesting } },
        test: {
          name: 'unit-web',
          environment: 'happy-dom',
          // Form tests type key by key; `npm test` runs them beside the e2e run, so 5 s is too tight a limit.
          testTimeout: 15_000,
          include: ['web/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          // msw answers every request of the web unit tests (see web/testing/api.ts).
          setupFiles: ['web/testing/setup-msw.ts'],
          // Each file still gets its own module graph and DOM; a worker thread starts cheaper than a process
          // (this project alone: 140 → 124 s on two cores).
          pool: 'threads',
        },
      },
      {
        test: {
          name: 'integration',
          ...onTheStack,
          include: ['tests/integration/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Beside the e2e files, in the same pool of two (the same worker count puts both projects in one
          // group): a project of one worker would be queued after every e2e file, alone on an idle machine.
          // Each file signs up its own owners and sends its own user agents, as the e2e files do.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          ...onTheStack,
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Two files at a time on the one stack and Chromium: much of a file's time is waiting (on the
          // stack, on the page's timers), which the other file fills. Each file signs up its own owners and
          // its public visitors send their own user agents (the per-client submit limit), so they never meet.
          // Three at a time was slower (482 against 453 s alone): the local stack serves every file from one Node
          // process, which then becomes the queue.
          maxWorkers: 2,
        },
      },
    ],
  },
});

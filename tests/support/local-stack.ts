import type { TestProject } from 'vitest/node';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../infra/local/stack';
import { startPlacesServer } from './places-server';

/** What the global set-ups hand to test files via `inject('localStack')` (serialisable: no stop()). */
export type ProvidedLocalStack = Pick<LocalStack, 'urls' | 'webConfig' | 'env' | 'resources' | 'dataDir'>;

declare module 'vitest' {
  export interface ProvidedContext {
    localStack: ProvidedLocalStack;
  }
}

/**
 * Shared body of both global set-ups: one local stack on free ports with throw-away data for the whole
 * run, stopped (java child included) when the run ends. `LOCAL_STACK_LOG=1` prints its request log.
 */
export async function provideLocalStack(
  project: TestProject,
  options: Pick<LocalStackOptions, 'web'>,
): Promise<() => Promise<void>> {
  const started = Date.now();
  // Place search goes to a loopback Places API (New), never to Google: tests need no key and spend no quota.
  const places = await startPlacesServer();
  const stack = await startLocalStack({
    web: options.web,
    isolatedWeb: true,
    persist: false,
    env: { GOOGLE_PLACES_API_KEY: places.apiKey, GOOGLE_PLACES_API_URL: places.url },
    ...(process.env.LOCAL_STACK_LOG ? { log: (line: string) => console.log(line) } : {}),
  });
  project.provide('localStack', {
    urls: stack.urls,
    webConfig: stack.webConfig,
    env: stack.env,
    resources: stack.resources,
    dataDir: stack.dataDir,
  });
  if (process.env.LOCAL_STACK_LOG) console.log(`local stack up in ${Date.now() - started} ms`, stack.urls);
  return async () => {
    await stack.stop();
    await places.stop();
  };
}

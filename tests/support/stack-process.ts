import { serveStackFromChild, type ChildStackMessage } from './child-stack';
import { startRun, type RunResources } from './local-stack';

/**
 * The test run's local stack in a Node process of its own (spawned by provideLocalStack): its gateway, the
 * handlers and workers it runs, the site server and the JavaScript emulators then have an event loop and a
 * core to themselves, instead of sharing vitest's main process with the reporter and every test worker's
 * messages. Tells its parent `{ ready }` (or `{ failed }`) over IPC; stops on the parent's `stop`, or when
 * the parent is gone (a killed test run leaves no stack and no JVM behind).
 */

export type StackProcessMessage = ChildStackMessage<RunResources['provided']>;

const [web, site] = process.argv.slice(2).map((flag) => flag === 'true');

await serveStackFromChild(async () => {
  const run = await startRun(web ?? false, site ?? false);
  return { ready: run.provided, stop: run.stop };
});

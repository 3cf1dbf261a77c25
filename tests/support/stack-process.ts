import { startRun, type RunResources } from './local-stack';

/**
 * The test run's local stack in a Node process of its own (spawned by provideLocalStack): its gateway, the
 * handlers and workers it runs, the site server and the JavaScript emulators then have an event loop and a
 * core to themselves, instead of sharing vitest's main process with the reporter and every test worker's
 * messages. Tells its parent `{ ready }` (or `{ failed }`) over IPC; stops on the parent's `stop`, or when
 * the parent is gone (a killed test run leaves no stack and no JVM behind).
 */

export type StackProcessMessage = { ready: RunResources['provided'] } | { failed: string };

const send = (message: StackProcessMessage) => new Promise<void>((resolve) => process.send!(message, () => resolve()));

const [web, site] = process.argv.slice(2).map((flag) => flag === 'true');

let run: RunResources | undefined;
let stopping: Promise<void> | undefined;
const stop = () =>
  (stopping ??= (async () => {
    await run?.stop();
    process.disconnect?.();
    process.exit(0);
  })());

process.on('message', (message) => {
  if (message === 'stop') void stop();
});
process.on('disconnect', () => void stop());

try {
  run = await startRun(web ?? false, site ?? false);
  await send({ ready: run.provided });
} catch (error) {
  await send({ failed: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
}

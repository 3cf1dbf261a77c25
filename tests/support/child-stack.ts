/**
 * A local stack served from a Node process of its own (the test run's, tests/support/stack-process.ts; a bench's,
 * tests/bench/stack-process.ts): the child tells its parent `{ ready }` (or `{ failed }`) over IPC and stops on the
 * parent's `stop`, or when the parent is gone (a killed run leaves no stack and no JVM behind).
 */

export type ChildStackMessage<Ready> = { ready: Ready } | { failed: string };

/** Runs in the child: starts what `start` starts, reports it, and stops it when told or orphaned. */
export async function serveStackFromChild<Ready>(
  start: () => Promise<{ ready: Ready; stop(): Promise<void> }>,
): Promise<void> {
  const send = (message: ChildStackMessage<Ready>) =>
    new Promise<void>((resolve) => process.send!(message, () => resolve()));
  let started: { stop(): Promise<void> } | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await started?.stop();
      process.disconnect?.();
      process.exit(0);
    })());
  process.on('message', (message) => {
    if (message === 'stop') void stop();
  });
  process.on('disconnect', () => void stop());
  try {
    const { ready, stop: stopStarted } = await start();
    started = { stop: stopStarted };
    await send({ ready });
  } catch (error) {
    await send({ failed: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    process.exit(1);
  }
}

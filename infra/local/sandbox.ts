import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { LambdaEnv } from '@reviewroute/shared';
import type { WorkerModule, WorkerRun } from '@reviewroute/functions/worker-entries';

/**
 * The local twin of a background Lambda's execution environment: the worker module runs in a Node process of its
 * own, started at its first run and kept warm, as Lambda keeps a function's sandbox. In AWS an export of 20,000
 * rows or a reader's batch has its own CPU and never holds up an API request; in one process with the gateway
 * and the API's handlers, every chunk of its work would queue the owners' requests behind it on one event loop.
 * Runs cross as JSON over IPC (a Lambda's event and result are JSON too); a run's time limit crosses as its
 * deadline.
 */

type Request = { id: number; event: unknown; deadline: number };
type Reply = { id: number; result?: unknown; error?: string };
type Init = { entry: string; env: LambdaEnv };

const self = fileURLToPath(import.meta.url);

export interface Sandbox {
  run: WorkerRun;
  stop(): Promise<void>;
}

/** A sandbox for the worker module at `entry`, made with `env`; nothing starts until its first run. */
export function createSandbox(entry: string, env: LambdaEnv): Sandbox {
  let child: ChildProcess | undefined;
  let stopped = false;
  let nextId = 0;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();

  const start = (): ChildProcess => {
    const started = fork(self, [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    started.send({ entry, env } satisfies Init);
    started.on('message', (reply: Reply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.error !== undefined) waiting.reject(new Error(reply.error));
      else waiting.resolve(reply.result);
    });
    started.once('exit', (code, signal) => {
      // A crashed sandbox fails its runs in progress (Lambda reports them as errors); the next run starts another.
      if (child === started) child = undefined;
      for (const [id, waiting] of pending) {
        pending.delete(id);
        waiting.reject(new Error(`The sandbox of ${entry} ended (${signal ?? code})`));
      }
    });
    return started;
  };

  return {
    run: (event, context) =>
      new Promise((resolve, reject) => {
        if (stopped) return reject(new Error(`The sandbox of ${entry} is stopped`));
        child ??= start();
        const id = nextId++;
        pending.set(id, { resolve, reject });
        const remaining = context?.getRemainingTimeInMillis() ?? 15 * 60_000;
        child.send({ id, event: event ?? null, deadline: Date.now() + remaining } satisfies Request);
      }),
    async stop() {
      stopped = true;
      const running = child;
      if (!running) return;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      running.kill();
      await exited;
    },
  };
}

// Run as a file: the sandbox itself, which loads the module when its parent names it and runs what it is sent.
if (process.argv[1] === self && process.send) {
  let run: Promise<WorkerRun> | undefined;
  process.on('message', (message: Init | Request) => {
    if ('entry' in message) {
      const { entry, env } = message;
      run = import(pathToFileURL(entry).href).then((mod: WorkerModule) => mod.createWorker(env));
      run.catch(() => undefined);
      return;
    }
    const { id, event, deadline } = message;
    const reply = (answer: Reply) => process.send!(answer);
    run!
      .then((worker) => worker(event ?? undefined, { getRemainingTimeInMillis: () => deadline - Date.now() }))
      .then(
        (result) => reply({ id, result: result ?? null }),
        (error: unknown) => reply({ id, error: error instanceof Error ? error.message : String(error) }),
      );
  });
  // The parent gone (a killed run), the sandbox goes too.
  process.on('disconnect', () => process.exit(0));
}

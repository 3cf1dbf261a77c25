import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import type { LambdaEnv } from '@reviewroute/shared';
import type { WorkerRun } from '@reviewroute/functions/worker-entries';

/**
 * The local twin of a Lambda's execution environment: the module (a worker's, or an API domain's handler) runs in
 * a Node process of its own, started at its first run and kept warm, as Lambda keeps a function's sandbox. In AWS
 * an export of 20,000 rows, a reader's batch or one owner's burst of requests has its own CPU and never holds up
 * another owner's request; in one process with the gateway, every chunk of that work would queue the others'
 * requests behind it on one event loop. Runs cross as JSON over IPC (a Lambda's event and result are JSON too); a
 * run's time limit crosses as its deadline, a handler's context as its plain fields.
 */

/** Which factory of the module makes the run: a worker's `createWorker`, a domain handler's `createHandler`. */
export type SandboxFactory = 'createWorker' | 'createHandler';

/** A local HTTPS server's certificate the sandbox's https agents trust for its port (the local Mollie's). */
export interface SandboxTrust {
  port: number;
  certificate: string;
}

export interface SandboxOptions {
  factory?: SandboxFactory;
  trust?: readonly SandboxTrust[];
}

type ContextFields = Omit<Context, 'getRemainingTimeInMillis' | 'done' | 'fail' | 'succeed'>;
type Request = { id: number; event: unknown; deadline: number; context?: ContextFields };
type Reply = { id: number; result?: unknown; error?: string; stack?: string };
type Init = { entry: string; env: LambdaEnv; factory: SandboxFactory; trust: readonly SandboxTrust[] };
type Run = (event: unknown, context: Partial<Context> & Pick<Context, 'getRemainingTimeInMillis'>) => Promise<unknown>;

const self = fileURLToPath(import.meta.url);

export interface Sandbox {
  run: WorkerRun;
  stop(): Promise<void>;
}

/** The plain fields of a Lambda context (what crosses to the sandbox; its functions are made there again). */
const contextFields = (context: Partial<Context> | undefined): ContextFields | undefined => {
  if (!context?.awsRequestId) return undefined;
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(context)) if (typeof value !== 'function') fields[key] = value;
  return fields as unknown as ContextFields;
};

/** A sandbox for the module at `entry`, made with `env`; nothing starts until its first run. */
export function createSandbox(entry: string, env: LambdaEnv, options: SandboxOptions = {}): Sandbox {
  const factory = options.factory ?? 'createWorker';
  const trust = options.trust ?? [];
  let child: ChildProcess | undefined;
  let stopped = false;
  let nextId = 0;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();

  const start = (): ChildProcess => {
    const started = fork(self, [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    started.send({ entry, env, factory, trust } satisfies Init);
    started.on('message', (reply: Reply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      // An idle sandbox keeps no process alive (a one-off script's ends when its work does).
      if (pending.size === 0) started.channel?.unref();
      if (reply.error === undefined) return waiting.resolve(reply.result);
      const error = new Error(reply.error);
      if (reply.stack) error.stack = reply.stack;
      waiting.reject(error);
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
        child.channel?.ref();
        const remaining = context?.getRemainingTimeInMillis() ?? 15 * 60_000;
        const fields = contextFields(context);
        child.send({
          id,
          event: event ?? null,
          deadline: Date.now() + remaining,
          ...(fields ? { context: fields } : {}),
        } satisfies Request);
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
  await import('./quiet-sdk-notices');
  let run: Promise<Run> | undefined;
  process.on('message', (message: Init | Request) => {
    if ('entry' in message) {
      const { entry, env, factory, trust } = message;
      run = (async () => {
        if (trust.length > 0) {
          const { trustLocalMollie } = await import('./mollie/tls');
          for (const { port, certificate } of trust) trustLocalMollie(port, certificate);
        }
        const mod = (await import(pathToFileURL(entry).href)) as Record<SandboxFactory, (env: LambdaEnv) => Run>;
        return mod[factory](env);
      })();
      run.catch(() => undefined);
      return;
    }
    const { id, event, deadline, context } = message;
    const reply = (answer: Reply) => process.send!(answer);
    const lambdaContext = {
      ...context,
      getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
      done: () => undefined,
      fail: () => undefined,
      succeed: () => undefined,
    };
    run!
      .then((made) => made(event ?? undefined, lambdaContext))
      .then(
        (result) => reply({ id, result: result ?? null }),
        (error: unknown) =>
          reply(
            error instanceof Error
              ? { id, error: error.message, ...(error.stack ? { stack: error.stack } : {}) }
              : { id, error: String(error) },
          ),
      );
  });
  // The parent gone (a killed run), the sandbox goes too.
  process.on('disconnect', () => process.exit(0));
}

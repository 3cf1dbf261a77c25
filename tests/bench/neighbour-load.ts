import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';

/**
 * Owner A's load in the noisy-neighbour bench, in a Node process of its own: A's script runs on A's machine, not
 * on the platform's CPU nor in the bench process that times owner B's requests (a flood of fetches there would
 * hold B's timers and answers in the same event loop and measure the load generator, not the platform). The
 * process asks for the lowest CPU priority for the same reason: on one machine, it is the closest local stand-in
 * for "someone else's computer".
 */

export interface NeighbourLoad {
  api: string;
  authorization: string;
  /** A's batch route, export route and inbox route (paths under `api`). */
  batchesPath: string;
  exportsPath: string;
  inboxPath: string;
  batches: number;
  inboxRate: number;
  seconds: number;
}

export interface NeighbourLoadResult {
  refused: number;
  batchStatuses: Record<string, number>;
  exportStatuses: Record<string, number>;
  inboxP99: number;
}

interface AutocannonResult {
  latency: { p99: number };
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  overallRate: number;
  headers: Record<string, string>;
}) => Promise<AutocannonResult>;

const entry = fileURLToPath(import.meta.url);

/** Runs A's load in a child process and resolves with what A saw once `load.seconds` have passed. */
export function runNeighbourLoad(load: NeighbourLoad): { done: Promise<NeighbourLoadResult>; stop(): void } {
  const child = fork(entry, [JSON.stringify(load)], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const done = new Promise<NeighbourLoadResult>((resolve, reject) => {
    child.once('message', (message: NeighbourLoadResult) => resolve(message));
    child.once('exit', (code, signal) => reject(new Error(`A's load process ended (${signal ?? code})`)));
  });
  return { done, stop: () => child.kill() };
}

async function generate(load: NeighbourLoad): Promise<NeighbourLoadResult> {
  // autocannon is CommonJS and ships no types.
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const ends = Date.now() + load.seconds * 1000;
  const headers = { 'content-type': 'application/json', authorization: load.authorization };
  let refused = 0;
  const call = async (method: string, path: string, body?: unknown): Promise<number> => {
    const res = await fetch(`${load.api}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    await res.arrayBuffer();
    if (res.status === 429) refused++;
    return res.status;
  };
  const count = (statuses: Record<string, number>, status: number) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
  };

  // 16 posters of one-row batches, as fast as the API answers, until all are posted or the time is up.
  const batchStatuses: Record<string, number> = {};
  let next = 0;
  const batches = Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < load.batches && Date.now() < ends) {
        const i = next++;
        const status = await call('POST', load.batchesPath, {
          rows: [{ name: `Neighbour ${i}`, email: `neighbour-${i}@customer.example` }],
          permissionConfirmed: true,
        });
        count(batchStatuses, status);
      }
    }),
  );
  // Export starts back to back, whatever the answer.
  const exportStatuses: Record<string, number> = {};
  const exports = (async () => {
    while (Date.now() < ends) count(exportStatuses, await call('POST', load.exportsPath, { language: 'en' }));
  })();
  const inbox = await autocannon({
    url: `${load.api}${load.inboxPath}`,
    connections: 10,
    duration: load.seconds,
    overallRate: load.inboxRate,
    headers: { authorization: load.authorization },
  });
  await Promise.all([batches, exports]);
  refused += inbox.statusCodeStats['429']?.count ?? 0;
  return { refused, batchStatuses, exportStatuses, inboxP99: inbox.latency.p99 };
}

if (process.argv[1] === entry && process.send) {
  setPriority(19);
  const result = await generate(JSON.parse(process.argv[2]!) as NeighbourLoad);
  process.send(result, () => process.exit(0));
}

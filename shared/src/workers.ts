import type { ApiDomain } from './routes';

/**
 * The worker table: every background job, described once. The CDK api stack makes one Lambda, its role and its
 * trigger per entry (rights: `workerAccess` in infra/src/access.ts, keyed by the same ids); `npm start`'s local
 * stack runs the same module on the local twin of the trigger. The handler module is found by convention:
 * `functions/src/domains/<domain>/<id>-worker.ts`, exporting `handler` (Lambda's entry) and
 * `createWorker(env)` (see functions/src/worker-entries.ts).
 */

/** What starts a worker. Only schedules exist today; stream and queue consumers get their own kind here. */
export type WorkerTrigger = {
  readonly kind: 'schedule';
  /** In AWS: an EventBridge rule, every this many minutes. */
  readonly everyMinutes: number;
  /** Locally: this often, one run at a time (tests wait for the worker, so much more often than in AWS). */
  readonly localEveryMs: number;
};

export interface WorkerDefinition {
  readonly id: string;
  /** The domain folder its module lives in. */
  readonly domain: ApiDomain;
  /** What it does (the Lambda's description and the log's name for it). */
  readonly description: string;
  readonly trigger: WorkerTrigger;
  /** The Lambda's time limit; a run stops starting new work some seconds before it. */
  readonly timeoutSeconds: number;
}

export const workers = [
  {
    // Continues every account erasure the delete request could not finish in its own time (decisions 14).
    id: 'erasure',
    domain: 'account',
    description: 'ReviewRoute account erasure worker',
    trigger: { kind: 'schedule', everyMinutes: 1, localEveryMs: 1000 },
    timeoutSeconds: 5 * 60,
  },
] as const satisfies readonly WorkerDefinition[];

export type WorkerId = (typeof workers)[number]['id'];

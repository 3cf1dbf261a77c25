import path from 'node:path';
import type { LambdaEnv } from '@reviewroute/shared';
import { repoRoot } from './dynamodb-local';

/** `npm start` keeps its data here (git-ignored), so a restart keeps accounts and items. */
export const START_DATA_DIR = path.join(repoRoot, '.data');

/**
 * Written by `npm start` while it runs: the URLs and Lambda environment of the running stack, so
 * `npm run invoke` can call handlers against it from another terminal. Removed on a clean stop.
 */
export const STATE_FILE = path.join(START_DATA_DIR, 'local-stack.json');

export interface StackState {
  pid: number;
  urls: Record<string, string | undefined>;
  env: LambdaEnv;
}

import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The repository root: NodejsFunction bundles from here so esbuild sees the workspaces and the lock file. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The one npm lock file of the monorepo (pins what esbuild bundles into each Lambda). */
export const lockFile = join(repoRoot, 'package-lock.json');

/** Vite's output; the web stack uploads it to the site bucket. */
export const webDistDir = join(repoRoot, 'web', 'dist');

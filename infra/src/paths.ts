import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The repository root: Lambda bundles are built from here, where esbuild sees every workspace. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Vite's output; the web stack uploads it to the site bucket. */
export const webDistDir = join(repoRoot, 'web', 'dist');

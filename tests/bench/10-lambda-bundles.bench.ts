import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median } from './figures';

const distRoot = fileURLToPath(new URL('../../functions/dist/', import.meta.url));
const initRuns = 10;

/** What Lambda sets before it loads a function (dummy values: loading a handler must not call AWS). */
const lambdaLikeEnv = {
  PATH: process.env.PATH ?? '',
  AWS_REGION: 'eu-west-1',
  AWS_DEFAULT_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'AKIDBENCHONLY',
  AWS_SECRET_ACCESS_KEY: 'bench-only',
  AWS_SESSION_TOKEN: 'bench-only',
  AWS_LAMBDA_FUNCTION_NAME: 'bench',
  AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '512',
  AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
  NODE_OPTIONS: '--enable-source-maps',
  TABLE_NAME: 'bench',
  ASSETS_BUCKET: 'bench',
  USER_POOL_ID: 'eu-west-1_bench',
  SITE_ORIGIN: 'https://bench.invalid',
};

/**
 * Milliseconds from the start of the import of a bundle to its exported handler existing, in a fresh
 * Node process (the part of a cold start our code decides; the runtime's own start is not in it).
 */
function initMs(bundle: string): number {
  const script =
    `const t = performance.now(); const m = await import(${JSON.stringify(pathToFileURL(bundle).href)});` +
    `if (typeof m.handler !== 'function') throw new Error('no handler');` +
    `process.stdout.write(String(performance.now() - t));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: lambdaLikeEnv,
  });
  return Number(out);
}

/**
 * Size of each Lambda bundle, built as CDK builds it (cold starts grow with it), and its init time: the
 * median over 10 fresh processes of loading the bundle until its handler exists.
 */
export async function run(): Promise<void> {
  const output = execFileSync('npx', ['tsx', 'functions/scripts/bundle.ts'], { encoding: 'utf8' });
  const names: string[] = [];
  for (const line of output.trim().split('\n')) {
    const [name, size] = line.split(': ');
    names.push(name!);
    console.log(`lambda-bundle-${name}: ${size}`);
  }
  for (const name of names) {
    const bundle = `${distRoot}${name}/index.mjs`;
    const runs = Array.from({ length: initRuns }, () => initMs(bundle));
    console.log(`lambda-init-${name}: ${median(runs).toFixed(1)} ms`);
  }
}

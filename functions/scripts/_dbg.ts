import { build } from 'esbuild';
import { handlerEntry } from '../src/handler-entries';
import { lambdaBundling } from '../src/bundling';
const name = process.argv[2] ?? 'account';
await build({ entryPoints: [handlerEntry(name as never)], outfile: `/tmp/ana/dbg-${name}.mjs`, bundle: true, platform: 'node', format: 'esm',
  target: 'node22', minify: false, mainFields: ['module', 'main'], alias: lambdaBundling.alias, logLevel: 'error' });

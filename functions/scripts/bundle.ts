// Bundles each active domain's handler the way the CDK NodejsFunction does (ESM, node22, minified), into
// functions/dist/<domain>/index.mjs, and prints the sizes: a quick check without a full `cdk synth`.
import { build } from 'esbuild';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { activeDomains } from '@reviewroute/shared';
import { handlerEntry } from '../src/handler-entries';
import { lambdaBundling } from '../src/bundling';

const outRoot = fileURLToPath(new URL('../dist/', import.meta.url));

for (const domain of activeDomains()) {
  const outfile = `${outRoot}${domain}/index.mjs`;
  await build({
    entryPoints: [handlerEntry(domain)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: lambdaBundling.target,
    minify: lambdaBundling.minify,
    sourcemap: lambdaBundling.sourceMap,
    mainFields: [...lambdaBundling.mainFields],
    banner: { js: lambdaBundling.banner },
    external: [...lambdaBundling.externalModules],
    logLevel: 'warning',
  });
  console.log(`${domain}: ${(statSync(outfile).size / 1024).toFixed(1)} KB`);
}

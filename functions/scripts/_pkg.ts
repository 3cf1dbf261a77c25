import { build } from 'esbuild';
import { activeDomains, workers } from '@reviewroute/shared';
import { handlerEntry } from '/work/wt-bundles/functions/src/handler-entries';
import { workerEntry } from '/work/wt-bundles/functions/src/worker-entries';
import { customMessageEntry } from '/work/wt-bundles/functions/src/triggers/entries';
import { lambdaBundling } from '/work/wt-bundles/functions/src/bundling';
const only = process.argv[2];
const entries = [
  ...activeDomains().map((d) => ({ name: d, entry: handlerEntry(d) })),
  ...workers.map((w) => ({ name: `worker-${w.id}`, entry: workerEntry(w) })),
  { name: 'trigger-custom-message', entry: customMessageEntry },
].filter((e) => !only || e.name === only);
for (const { name, entry } of entries) {
  const r = await build({ entryPoints: [entry], outfile: `/tmp/ana/out/${name}/index.mjs`, bundle: true, platform: 'node', format: 'esm',
    target: lambdaBundling.target, minify: true, sourcemap: true, sourcesContent: false, mainFields: [...lambdaBundling.mainFields],
    banner: { js: lambdaBundling.banner }, external: [...lambdaBundling.externalModules], alias: lambdaBundling.alias, metafile: true, logLevel: 'error' });
  const out = Object.values(r.metafile.outputs).find((o) => o.entryPoint)!;
  const by: Record<string, number> = {};
  for (const [file, { bytesInOutput }] of Object.entries(out.inputs)) {
    const m = file.match(/node_modules\/((?:@[^/]+\/)?[^/]+)(?:\/node_modules\/((?:@[^/]+\/)?[^/]+))?/);
    const key = m ? (m[2] ? `${m[1]}>${m[2]}` : m[1]) : file.split('/').slice(0, 3).join('/');
    by[key] = (by[key] ?? 0) + bytesInOutput;
  }
  console.log(`== ${name}: ${(out.bytes / 1024).toFixed(1)} KB`);
  for (const [k, v] of Object.entries(by).sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${(v / 1024).toFixed(1).padStart(7)}  ${k}`);
}

// Bundles every Lambda as CDK does (buildLambda of functions/src/bundling.ts): each active domain's handler,
// each scheduled or mail-events worker and stream reader of the worker table and the Cognito trigger, into
// functions/dist/<name>/index.mjs (+ index.mjs.map), and prints one `<name>: <size> KB` line each: a quick
// check without a full `cdk synth`. `--analyze` also prints, per bundle, what each package adds and the biggest inputs
// (esbuild's metafile): the place to look when a bundle grows. `--entry <file> --outfile <file>` bundles one
// entry only: how CDK's asset bundling calls it (esbuild plugins need its asynchronous API, which a
// synthesis cannot await).
import { analyzeMetafile, type Metafile } from 'esbuild';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { activeDomains, streamReaders, workers } from '@reviewroute/shared';
import { handlerEntry } from '../src/handler-entries';
import { streamReaderEntry, workerEntry } from '../src/worker-entries';
import { customMessageEntry } from '../src/triggers/entries';
import { buildLambda } from '../src/bundling';

const outRoot = fileURLToPath(new URL('../dist/', import.meta.url));
const analyze = process.argv.includes('--analyze');

/** Every Lambda bundle by name: the domain's name, `worker-<id>`, `reader-<id>`, `trigger-<name>`. */
const lambdaEntries = (): { name: string; entry: string }[] => [
  ...activeDomains().map((domain) => ({ name: domain, entry: handlerEntry(domain) })),
  ...workers.flatMap((worker) =>
    worker.trigger.kind === 'stream' ? [] : [{ name: `worker-${worker.id}`, entry: workerEntry(worker) }],
  ),
  ...streamReaders.map((reader) => ({ name: `reader-${reader.id}`, entry: streamReaderEntry(reader) })),
  { name: 'trigger-custom-message', entry: customMessageEntry },
];

/** KB each package (or our workspace folder) adds to the bundle, biggest first. */
function packageTotals(metafile: Metafile): string {
  const totals = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [file, { bytesInOutput }] of Object.entries(output.inputs)) {
      // The innermost node_modules package (a nested copy shows as `outer > inner`), else the source folder.
      const nested = [...file.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)].map((m) => m[1]);
      const key = nested.length ? nested.join(' > ') : file.split('/').slice(0, 3).join('/');
      totals.set(key, (totals.get(key) ?? 0) + bytesInOutput);
    }
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .map(([key, bytes]) => `  ${(bytes / 1024).toFixed(1).padStart(7)} KB  ${key}`)
    .join('\n');
}

const option = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
};

const single = { entry: option('--entry'), outfile: option('--outfile') };
if (single.entry && single.outfile) {
  await buildLambda(single.entry, single.outfile);
} else {
  for (const { name, entry } of lambdaEntries()) {
    const outfile = `${outRoot}${name}/index.mjs`;
    const result = await buildLambda(entry, outfile, { metafile: analyze });
    console.log(`${name}: ${(statSync(outfile).size / 1024).toFixed(1)} KB`);
    if (result.metafile) {
      console.error(`${name} by package:\n${packageTotals(result.metafile)}`);
      console.error(await analyzeMetafile(result.metafile, { verbose: false }));
    }
  }
}

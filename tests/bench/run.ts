// `npm run bench`: runs every tests/bench/*.bench.ts in name order; each prints one figure per line
// (`name: value unit`). Figures are printed, never asserted: budgets are read by people, not tests.
// Each bench runs in its own process: the handlers cache their AWS clients per process, so two local
// stacks started one after the other in one process would leave the second bench talking to the first.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let failed = 0;
for (const file of files) {
  const url = new URL(file, import.meta.url).href;
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', `await (await import(${JSON.stringify(url)})).run();`],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) {
    console.error(`${file} failed (exit ${result.status ?? result.signal})`);
    failed++;
  }
}
process.exitCode = failed ? 1 : 0;

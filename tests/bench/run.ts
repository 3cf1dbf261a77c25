// `npm run bench`: runs every tests/bench/*.bench.ts in name order, in this one process (each bench that
// needs AWS starts and stops its own local stack; the handlers get its environment passed, so a stack
// started after another never talks to the first). Each bench prints one figure per line
// (`name: value unit`). Figures are printed, never asserted: budgets are read by people, not tests.
// `npm run bench -- stats submit` runs the benches whose file names contain one of the words.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import '../../infra/local/quiet-sdk-notices';

const dir = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let failed = 0;
for (const file of files) {
  try {
    const bench = (await import(new URL(file, import.meta.url).href)) as { run(): Promise<void> };
    await bench.run();
  } catch (error) {
    console.error(`${file} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    failed++;
  }
}
process.exitCode = failed ? 1 : 0;

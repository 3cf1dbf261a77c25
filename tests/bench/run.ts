// `npm run bench`: runs every tests/bench/*.bench.ts in name order; each prints one figure per line
// (`name: value unit`). Figures are printed, never asserted: budgets are read by people, not tests.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface BenchModule {
  run(): Promise<void>;
}

const dir = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

for (const file of files) {
  const bench = (await import(new URL(file, import.meta.url).href)) as BenchModule;
  await bench.run();
}

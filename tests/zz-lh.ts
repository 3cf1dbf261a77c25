import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSite, serveBuiltSite } from '/work/main/tests/support/built-site';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '/work/main/tests/support/chromium';
const dist = process.argv[2] ?? await mkdtemp(path.join(tmpdir(), 'lhsite-'));
if (!process.argv[2]) await buildSite(dist);
const site = await serveBuiltSite(dist);
const out = '/tmp/lh-report.json';
spawnSync(process.execPath, ['/work/main/node_modules/lighthouse/cli/index.js', `${site.url}${process.argv[3] ?? '/'}`, '--only-categories=performance', '--output=json', `--output-path=${out}`, `--chrome-flags=${CHROMIUM_ARGS.join(' ')}`, '--quiet'], { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, stdio: 'inherit' });
const r = JSON.parse(await readFile(out, 'utf8'));
console.log('dist', dist, 'score', r.categories.performance.score);
for (const id of ['first-contentful-paint','largest-contentful-paint','total-blocking-time','cumulative-layout-shift','speed-index','interactive','largest-contentful-paint-element','render-blocking-resources','bootup-time','mainthread-work-breakdown']) { const a = r.audits[id]; if (a) console.log(id, a.displayValue ?? '', a.score, JSON.stringify(a.details?.items?.slice?.(0,4) ?? '').slice(0,400)); }
await site.close();

import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export type LighthouseCategory = 'performance' | 'seo' | 'accessibility' | 'best-practices';

/** The part of Lighthouse's JSON report the benches read. */
export interface LighthouseResult<C extends LighthouseCategory> {
  categories: Record<C, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
  runtimeError?: { message: string };
}

/**
 * Lighthouse's CLI in a child process (mobile defaults, simulated throttling), Debian's Chromium, started with
 * the project's flags and `chromeFlags`.
 */
export async function lighthouse<C extends LighthouseCategory>(
  url: string,
  categories: readonly C[],
  chromeFlags: readonly string[] = [],
): Promise<LighthouseResult<C>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lighthouse-'));
  const output = path.join(dir, 'report.json');
  try {
    const child = spawn(
      process.execPath,
      [
        path.join(repoRoot, 'node_modules', 'lighthouse', 'cli', 'index.js'),
        url,
        `--only-categories=${categories.join(',')}`,
        '--output=json',
        `--output-path=${output}`,
        `--chrome-flags=${[...CHROMIUM_ARGS, ...chromeFlags].join(' ')}`,
        '--quiet',
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('exit', resolve);
    });
    if (code !== 0) throw new Error(`lighthouse exited with ${code}`);
    const result = JSON.parse(await readFile(output, 'utf8')) as LighthouseResult<C>;
    if (result.runtimeError) throw new Error(`lighthouse: ${result.runtimeError.message}`);
    return result;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { s3ClientOf } from '@reviewroute/functions/data/asset-store';
import { tableEntities } from '@reviewroute/functions/data/client';
import { newId } from '@reviewroute/functions/lib/ids';
import { startLocalStack } from '../../infra/local/stack';
import { benchOwner, benchRating, createBenchSurvey, putResponses } from './seed';

/**
 * The CSV export of a survey of 100,000 responses (seeded in bulk through the handlers' own entity): the
 * exporter (functions/src/domains/exports/exporter.ts) pages them out of DynamoDB Local and writes the file to
 * s3rver as a multipart upload, in a process of its own (tests/bench/export-runner.ts), so its peak resident
 * memory is the exporter's alone. Figures: the run's seconds and that peak (goal: flat in the number of
 * responses, a page and a part at a time); beside them the process's memory before the run. Printed, never asserted.
 */

const count = 100_000;

export async function run(): Promise<void> {
  const stack = await startLocalStack({ web: false, persist: false, handlerLogLevel: 'ERROR' });
  try {
    const { owner, auth } = await benchOwner(stack);
    const { id: surveyId } = await createBenchSurvey(stack.urls.api, auth, 'Bench Export Bistro', { publish: false });

    const { response } = tableEntities(stack.env)();
    const start = Date.now() - count * 60_000;
    const items = Array.from({ length: count }, (_, i) => {
      const at = start + i * 60_000;
      const rating = benchRating(i);
      return {
        surveyId,
        responseId: newId(at),
        rating,
        ...(i % 5 < 2 ? { comment: `Bench comment ${i}, with "quotes", a comma and some more words to read` } : {}),
        ...(rating <= 2 ? { customerName: `Customer ${i}`, customerEmail: `customer${i}@example.com` } : {}),
        userAgent: 'bench',
        googleReviewClicked: false,
        createdAt: new Date(at).toISOString(),
        // Counted already: the stats worker skips them.
        counted: true,
      };
    });
    const seedStarted = performance.now();
    for (let i = 0; i < items.length; i += 5000) await putResponses(response, items.slice(i, i + 5000));
    console.error(`(seeded ${count} responses in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s)`);

    const runner = fileURLToPath(new URL('./export-runner.ts', import.meta.url));
    const tsx = createRequire(import.meta.url).resolve('tsx/cli');
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, [tsx, runner], {
        env: { ...process.env, EXPORT_BENCH: JSON.stringify({ env: stack.env, surveyId, ownerId: owner.userId }) },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`export runner exited with ${code}`))));
    });
    const figures = JSON.parse(output.trim().split('\n').at(-1)!) as {
      outcome: string;
      rows: number;
      fileKey: string;
      seconds: number;
      baselineMb: number;
      peakMb: number;
      peakHeapMb: number;
    };
    if (figures.outcome !== 'done' || figures.rows !== count)
      throw new Error(`export ${figures.outcome} with ${figures.rows} rows`);
    const head = await s3ClientOf(stack.env)().send(
      new HeadObjectCommand({ Bucket: stack.env.ASSETS_BUCKET, Key: figures.fileKey }),
    );
    console.log(`export-${count}-s: ${figures.seconds.toFixed(1)} s`);
    console.log(`export-${count}-peak-mb: ${figures.peakMb.toFixed(0)} MB`);
    console.log(`export-${count}-baseline-mb: ${figures.baselineMb.toFixed(0)} MB`);
    console.log(`export-${count}-peak-heap-mb: ${figures.peakHeapMb.toFixed(0)} MB`);
    console.log(`export-${count}-file-mb: ${((head.ContentLength ?? 0) / 1024 / 1024).toFixed(1)} MB`);
  } finally {
    await stack.stop();
  }
}

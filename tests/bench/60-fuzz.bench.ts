import { fuzzPublicRoutes } from '@reviewroute/functions/testing/public-fuzz';

/**
 * Every public route of the route table under ten thousand generated hostile requests (long strings up
 * to 100 KB, deep JSON, wrong types, unicode and control characters), called in-process on in-memory
 * storage: how many answered 5xx (must be 0) and the slowest call. A refused request that stored or sent
 * anything fails the bench.
 */
const inputs = 10_000;

export async function run(): Promise<void> {
  const report = await fuzzPublicRoutes({ inputs, logLevel: 'SILENT' });
  console.log(`fuzz-inputs: ${report.inputs}`);
  console.log(`fuzz-5xx: ${report.serverErrors}`);
  console.log(`fuzz-max-ms: ${report.maxMs.toFixed(1)} ms`);
  for (const sample of report.serverErrorSamples) console.error(`fuzz 5xx: ${sample}`);
  if (report.storedOnRefusal > 0)
    throw new Error(
      `${report.storedOnRefusal} refused requests stored or sent something:\n${report.storedOnRefusalSamples.join('\n')}`,
    );
}

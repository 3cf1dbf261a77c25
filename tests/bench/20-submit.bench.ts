import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { pathOf } from '@reviewroute/shared';
import { tableEntities } from '@reviewroute/functions/data/client';
import { responseIdOf } from '@reviewroute/functions/data/response-store';
import { startLocalStack } from '../../infra/local/stack';
import { putItemThroughput } from './putitem-rate';
import { benchOwner, createBenchSurvey } from './seed';

/**
 * The public submit under load: autocannon against the local gateway's submit route, the same
 * handler and one conditional put as in AWS, on DynamoDB Local, after an unmeasured warm-up on another
 * survey. Then raw PutItem at the same concurrency on the same DynamoDB Local, so the submit figure can be
 * read as a ratio of what the emulator does at all (`submit-putitem-ratio`, goal >= 0.8; both runs meet a
 * warm process: measured cold, the submit's first seconds of compiling made the ratio 0.65 to 0.70); of the
 * distinct idempotency keys the API acknowledged (a 2xx), how many have their response stored (must be all:
 * `submit-stored-vs-keys`; against the keys prepared, a slower machine whose connections never reached the
 * last keys read as loss); and `stats-lag-p99`:
 * the time from a submit's answer until the owner's dashboard counts it (the stats worker on the table's
 * stream; goal <= 2000 ms). Loopback only, bounded in time. Printed, never asserted.
 */

const durationSeconds = 10;
const warmUpSeconds = 3;
const connections = 20;
/**
 * Each key is one simulated customer (its own user agent); requests cycle through them, so every key is
 * sent several times (retries), and only its first submit may be stored.
 */
const distinctKeys = 200;
const putSeconds = durationSeconds;
/** Submits, one at a time, whose way to the dashboard's count is timed. */
const lagSamples = 40;

interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  onResponse?: (status: number) => void;
}
interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  requests: AutocannonRequest[];
}) => Promise<AutocannonResult>;

// autocannon is CommonJS and ships no types.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export async function run(): Promise<void> {
  const stack = await startLocalStack({
    web: false,
    persist: false,
    handlerLogLevel: 'ERROR',
    // All customers here come from one address into one survey, far faster than the limits allow, and
    // post at once: the bench measures the write path, not 429s or the bot checks. (The limits cost no
    // table write below their soft share either way.) The lag figure polls the owner's stats every 10 ms,
    // faster than the per-owner limit lets a script: raised too.
    env: {
      PUBLIC_SUBMIT_RATE_LIMIT: '1000000',
      PUBLIC_SUBMIT_SURVEY_RATE_LIMIT: '1000000',
      PUBLIC_SUBMIT_MIN_FILL_MS: '0',
      OWNER_REQUEST_LIMIT: '1000000',
    },
  });
  try {
    const api = stack.urls.api;
    const { auth } = await benchOwner(stack);
    const published = await createBenchSurvey(api, auth, 'Bench Bakery', { publish: true });
    const { id } = published;

    /**
     * The submits of a survey's customers (one key each), built before the run (autocannon then sends prepared
     * bytes: this process spends the least a load generator can beside the stack). Each connection goes
     * through them in order, so every customer's submit is also sent again (retries).
     */
    const submitsTo = (surveyCode: string, keys: string[], acknowledged?: Set<string>): AutocannonRequest[] =>
      keys.map((key, i) => ({
        method: 'POST',
        path: pathOf('submit-response', { surveyCode }),
        headers: { 'content-type': 'application/json', 'user-agent': `bench-customer/${i}` },
        body: JSON.stringify({ rating: (i % 5) + 1, comment: `bench ${i}`, idempotencyKey: key, elapsedMs: 5000 }),
        ...(acknowledged && {
          onResponse: (status: number) => {
            if (status >= 200 && status < 300) acknowledged.add(key);
          },
        }),
      }));
    const newKeys = () => Array.from({ length: distinctKeys }, () => randomUUID());
    // Unmeasured, on a survey of its own: the measured run then meets a warm process (Node's compiled code,
    // DynamoDB Local's), as customers meet an API that has been serving and as the PutItem run below does.
    const warmUp = await createBenchSurvey(api, auth, 'Warm-up Waffles', { publish: true });
    await autocannon({
      url: api,
      connections,
      duration: warmUpSeconds,
      requests: submitsTo(warmUp.surveyCode!, newKeys()),
    });

    const keys = newKeys();
    /** The keys the API answered with a 2xx: the customers told their answer was taken. */
    const acknowledged = new Set<string>();
    const result = await autocannon({
      url: api,
      connections,
      duration: durationSeconds,
      requests: submitsTo(published.surveyCode!, keys, acknowledged),
    });
    if (result.non2xx || result.errors)
      console.error(`submit: ${result.non2xx} non-2xx, ${result.errors} errors`, result.statusCodeStats);
    const submitThroughput = result.requests.average;
    console.log(`submit-throughput: ${Math.round(submitThroughput)} req/s`);
    console.log(`submit-p99: ${Math.round(result.latency.p99)} ms`);

    const putThroughput = await putItemThroughput(stack, putSeconds, connections);
    console.log(`putitem-throughput: ${Math.round(putThroughput)} req/s`);
    console.log(`submit-putitem-ratio: ${(submitThroughput / putThroughput).toFixed(2)}`);

    // Reads what the API stored (strongly consistent, every page) with the handlers' own entities.
    const { data } = await tableEntities(stack.env)()
      .response.query.bySurvey({ surveyId: id })
      .go({ pages: 'all', consistent: true, attributes: ['responseId'] });
    const stored = new Set(data.map((item) => item.responseId));
    const storedAcknowledged = [...acknowledged].filter((key) => stored.has(responseIdOf(id, key))).length;
    // A key whose only submit was in flight as the run ended may be stored unanswered: no loss, not counted.
    if (stored.size > keys.length) console.error(`submit: ${stored.size} responses stored for ${keys.length} keys`);
    console.log(`submit-stored-vs-keys: ${storedAcknowledged}/${acknowledged.size}`);

    // The dashboard's count, as the owner reads it, once the worker caught up with the load above.
    const reviewCount = async () => {
      const res = await fetch(`${api}/api/surveys/${id}/stats`, { headers: auth });
      return ((await res.json()) as { reviewCount: number }).reviewCount;
    };
    const until = async (count: number, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while ((await reviewCount()) < count) {
        if (Date.now() > deadline) throw new Error(`the dashboard did not reach ${count} in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    await until(data.length, 60_000);
    const lags: number[] = [];
    for (let i = 0; i < lagSamples; i++) {
      const sentAt = Date.now();
      const res = await fetch(`${api}/api/public/surveys/${published.surveyCode}/responses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'bench-lag' },
        body: JSON.stringify({ rating: 4, idempotencyKey: randomUUID(), elapsedMs: 5000 }),
      });
      if (res.status !== 201) throw new Error(`lag submit answered ${res.status}`);
      await until(data.length + i + 1, 10_000);
      lags.push(Date.now() - sentAt);
    }
    lags.sort((a, b) => a - b);
    console.log(`stats-lag-p99: ${lags[Math.min(lags.length - 1, Math.ceil(lags.length * 0.99) - 1)]} ms`);
  } finally {
    await stack.stop();
  }
}

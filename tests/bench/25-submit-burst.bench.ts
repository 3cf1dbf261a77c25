import { randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import { averageRating, pathOf, surveyStatsSchema, type SurveyStats } from '@reviewroute/shared';
import { tableEntities } from '@reviewroute/functions/data/client';
import { startLocalStack } from '../../infra/local/stack';
import { benchOwner, benchRating, createBenchSurvey } from './seed';

/**
 * `submit-burst-one-survey`: a crowd at one code. 1,000 distinct customers, each from its own address, send
 * their answer to ONE survey through 50 connections at once, with the production default limits (the local
 * stack sets none of its own) and the production least fill time. The gateway passes each connection's
 * source address on as CloudFront does (the viewer-address header, trusted because the origin secret comes
 * with it), so the API's per-client limits see 1,000 clients, as in AWS. Each customer first fetches its
 * start token, as the page does when they tap a star; the burst starts once every token is old enough, and
 * after a warm-up (`warmUpCustomers`). Then the stored responses against the sent ones, and the dashboard's
 * stats against the stored responses, polled until they match or 10 s pass (the stats may be counted after
 * the submit). Loopback only, bounded.
 * Printed, never asserted.
 */

const customers = 1000;
const connections = 50;
const statsWaitMs = 10_000;
/** What the API asks between a start token and its submit (minSubmitElapsedMs), and a margin. */
const leastFillMs = 1500 + 200;

/** Customer i's own loopback address: all of 127/8 reaches the stack, one client per address. */
const addressOf = (i: number) => `127.20.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`;
/**
 * Customers of another survey who answer before the burst, from addresses of their own: the burst then meets a
 * warm process (Node's compiled code, DynamoDB Local's), as a crowd meets an API that has been serving. Cold,
 * the first few hundred submits of a freshly started stack set the p99 (330 to 400 ms against 280 to 310 ms
 * warm, on the same machine); in AWS the cold part is each instance's cold start (`lambda-init-*`).
 */
const warmUpCustomers = 300;
const warmUpAddressOf = (i: number) => `127.30.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`;

interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** One request on a connection of its own, from `localAddress` (fetch cannot choose its source address). */
function send(
  url: string,
  method: string,
  localAddress: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          ms: performance.now() - started,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Runs `task` for 0..count-1 on `width` workers, each taking the next index when it is free. */
async function pool<T>(count: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

export async function run(): Promise<void> {
  const stack = await startLocalStack({ web: false, persist: false, handlerLogLevel: 'ERROR' });
  try {
    const api = stack.urls.api;
    const { auth } = await benchOwner(stack);
    const published = await createBenchSurvey(api, auth, 'Festival Frites', { publish: true });
    const { id } = published;
    const surveyCode = published.surveyCode!;
    const warmUp = await createBenchSurvey(api, auth, 'Warm-up Waffles', { publish: true });
    // The customers reach the gateway by its address, looked up once: each opens a connection of its own, and
    // a name lookup for each took several per cent of this process's one thread, which also runs the gateway
    // and the handlers: load-generator work that no customer's phone puts on the API.
    const gatewayUrl = new URL(api);
    gatewayUrl.hostname = (await lookup(gatewayUrl.hostname, { family: 4 })).address;
    const customerApi = gatewayUrl.origin;

    // Every customer taps a star: its start token, from its own address.
    const startPath = (code: string) => pathOf('start-response', { surveyCode: code });
    const submitPath = (code: string) => pathOf('submit-response', { surveyCode: code });
    const startAll = (code: string, count: number, from: (i: number) => string) =>
      pool(count, connections, async (i) => {
        const answer = await send(`${customerApi}${startPath(code)}`, 'POST', from(i), {
          'user-agent': `burst-customer/${i}`,
          accept: 'application/json',
        });
        if (answer.status !== 201) throw new Error(`start ${i} answered ${answer.status}: ${answer.body}`);
        return (JSON.parse(answer.body) as { startToken: string }).startToken;
      });
    /** Every customer sends once, 50 at a time. */
    const submitAll = (code: string, tokens: string[], from: (i: number) => string) =>
      pool(tokens.length, connections, (i) =>
        send(
          `${customerApi}${submitPath(code)}`,
          'POST',
          from(i),
          { 'content-type': 'application/json', 'user-agent': `burst-customer/${i}` },
          JSON.stringify({
            rating: benchRating(i),
            comment: i % 3 === 0 ? `Lovely frites ${i}` : null,
            idempotencyKey: randomUUID(),
            website: '',
            elapsedMs: 9000,
            startToken: tokens[i],
          }),
        ).catch((error: unknown) => ({ status: 0, body: String(error), ms: 0 })),
      );
    const warmUpTokens = await startAll(warmUp.surveyCode!, warmUpCustomers, warmUpAddressOf);
    const tokens = await startAll(surveyCode, customers, addressOf);
    const tokensReadyAt = Date.now() + leastFillMs;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, tokensReadyAt - Date.now())));
    await submitAll(warmUp.surveyCode!, warmUpTokens, warmUpAddressOf);

    // The burst: the thousand customers of the survey at once.
    const burstStarted = performance.now();
    const answers = await submitAll(surveyCode, tokens, addressOf);
    const burstSeconds = (performance.now() - burstStarted) / 1000;

    const byStatus = new Map<number, number>();
    for (const { status } of answers) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    const other = answers.filter((a) => a.status !== 201 && a.status !== 429 && a.status < 500);
    if (other.length > 0) {
      console.error(`submit-burst: unexpected answers`, Object.fromEntries(byStatus), other[0]!.body.slice(0, 300));
    }
    const count = (predicate: (status: number) => boolean) =>
      answers.filter((a) => predicate(a.status)).reduce((n) => n + 1, 0);
    console.log(`burst-429: ${count((s) => s === 429)}`);
    console.log(`burst-5xx: ${count((s) => s >= 500 || s === 0)}`);
    console.log(
      `burst-p99: ${Math.round(
        percentile(
          answers.map((a) => a.ms),
          99,
        ),
      )} ms`,
    );
    console.log(`burst-throughput: ${Math.round(customers / burstSeconds)} req/s`);

    // What the API stored for this survey (strongly consistent, every page), with the handlers' own entities.
    const { data: stored } = await tableEntities(stack.env)()
      .response.query.bySurvey({ surveyId: id })
      .go({ pages: 'all', consistent: true, attributes: ['responseId', 'rating'] });
    console.log(`burst-stored-vs-sent: ${stored.length}/${customers}`);

    const histogram = [0, 0, 0, 0, 0];
    for (const { rating } of stored) histogram[rating - 1]! += 1;
    const sum = histogram.reduce((total, n, star) => total + n * (star + 1), 0);
    const matches = (stats: SurveyStats) =>
      stats.reviewCount === stored.length &&
      stats.histogram.every((n, star) => n === histogram[star]) &&
      stats.histogram.reduce((total, n, star) => total + n * (star + 1), 0) === sum &&
      stats.averageRating === averageRating(sum, stored.length);
    const statsPath = pathOf('get-survey-stats', { surveyId: id });
    const deadline = Date.now() + statsWaitMs;
    let last: SurveyStats | undefined;
    for (;;) {
      const res = await fetch(`${api}${statsPath}`, { headers: auth });
      last = res.ok ? surveyStatsSchema.parse(await res.json()) : undefined;
      if ((last && matches(last)) || Date.now() >= deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const statsMatch = last !== undefined && matches(last);
    if (!statsMatch) {
      console.error(
        `submit-burst: stats ${JSON.stringify(last && { count: last.reviewCount, histogram: last.histogram })}, ` +
          `stored ${JSON.stringify({ count: stored.length, histogram, sum })}`,
      );
    }
    console.log(`burst-stats-match: ${statsMatch ? 'yes' : 'no'}`);
  } finally {
    await stack.stop();
  }
}

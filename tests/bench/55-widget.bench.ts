import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import {
  pathOf,
  surveyWidgetSchema,
  widgetCommentsShown,
  widgetScriptPath,
  widgetSnippet,
  type Survey,
} from '@reviewroute/shared';
import { tableEntities } from '@reviewroute/functions/data/client';
import { newId } from '@reviewroute/functions/lib/ids';
import { startLocalStack } from '../../infra/local/stack';
import { buildSite, serveBuiltSite } from '../support/built-site';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { interleavedMedians } from './figures';
import { putItemThroughput } from './putitem-rate';
import { benchOwner, benchRating, createBenchSurvey, putResponses } from './seed';

/**
 * The reviews widget (decisions 27):
 * - `widget-js-gzip`: the production build's `/widget.js`, gzip -9 (goal ≤ 10 KB);
 * - `widget-cls`: the sum of Chromium's layout-shift entries on a page of another origin that embeds the owner's
 *   script snippet, after the widget has filled its reserved space (goal 0);
 * - `widget-latency-10`, `widget-latency-20000`, `widget-latency-ratio`: the median of sequential reads of
 *   GET /api/public/surveys/{code}/widget through the local gateway, for a survey of 10 and one of 20,000
 *   responses seeded in bulk (their tally and widget item set to match), interleaved (goal: ratio ≤ 1.5: the read
 *   is one survey lookup and two items whatever the volume); `widget-putitem-throughput` is raw PutItem on the
 *   same DynamoDB Local in this run, so the absolute times can be read against the machine's speed.
 * Loopback only, bounded. Printed, never asserted.
 */

const smallCount = 10;
const largeCount = 20_000;
const calls = 50;
const warmUp = 5;
const putSeconds = 3;
const putConnections = 20;

export async function run(): Promise<void> {
  const stack = await startLocalStack({ web: false, persist: false, handlerLogLevel: 'ERROR' });
  const dist = await mkdtemp(path.join(tmpdir(), 'reviewroute-bench-widget-'));
  try {
    const api = stack.urls.api;
    const { auth } = await benchOwner(stack);
    const { response, surveyTally, websiteReviews } = tableEntities(stack.env)();

    /** A published survey with `count` responses, its tally and its widget item of the newest consented comments. */
    async function seededSurvey(count: number): Promise<Survey & { count: number }> {
      const survey = await createBenchSurvey(api, auth, `Widget Bakery ${count}`, { publish: true });
      const start = Date.now() - count * 60_000;
      let sum = 0;
      const stars = [0, 0, 0, 0, 0];
      const items = Array.from({ length: count }, (_, i) => {
        const at = start + i * 60_000;
        const rating = benchRating(i);
        sum += rating;
        stars[rating - 1]! += 1;
        return {
          surveyId: survey.id,
          responseId: newId(at),
          rating,
          ...(i % 5 < 2 ? { comment: `Bench comment ${i}` } : {}),
          userAgent: 'bench',
          googleReviewClicked: false,
          createdAt: new Date(at).toISOString(),
          counted: true,
        };
      });
      await putResponses(response, items);
      await surveyTally
        .upsert({
          surveyId: survey.id,
          count,
          sum,
          stars1: stars[0]!,
          stars2: stars[1]!,
          stars3: stars[2]!,
          stars4: stars[3]!,
          stars5: stars[4]!,
        })
        .go();
      const comments = items
        .filter((r) => r.comment)
        .slice(-widgetCommentsShown)
        .reverse()
        .map((r) => ({
          id: r.responseId,
          rating: r.rating,
          comment: r.comment!,
          shownAs: 'Anna',
          createdAt: r.createdAt,
          invitation: 'email-request' as const,
        }));
      await websiteReviews
        .put({
          surveyId: survey.id,
          comments,
          hiddenPersonalData: 1,
          hiddenOffensive: 0,
          hiddenNotAboutBusiness: 0,
          version: 1,
        })
        .go();
      return { ...survey, count };
    }

    const small = await seededSurvey(smallCount);
    const large = await seededSurvey(largeCount);

    async function timedRead(survey: Survey & { count: number }): Promise<number> {
      const started = performance.now();
      const res = await fetch(`${api}${pathOf('get-survey-widget', { surveyCode: survey.surveyCode! })}`);
      const body = (await res.json()) as unknown;
      const elapsed = performance.now() - started;
      if (res.status !== 200) throw new Error(`widget answered ${res.status}: ${JSON.stringify(body)}`);
      const widget = surveyWidgetSchema.parse(body);
      if (widget.count !== survey.count || widget.comments.length === 0)
        throw new Error(`widget of ${survey.count}: ${widget.count} ratings, ${widget.comments.length} comments`);
      return elapsed;
    }
    const [smallMedian, largeMedian] = await interleavedMedians(
      () => timedRead(small),
      () => timedRead(large),
      calls,
      warmUp,
    );

    const putThroughput = await putItemThroughput(stack, putSeconds, putConnections);
    console.log(`widget-latency-${smallCount}: ${smallMedian.toFixed(1)} ms`);
    console.log(`widget-latency-${largeCount}: ${largeMedian.toFixed(1)} ms`);
    console.log(`widget-putitem-throughput: ${Math.round(putThroughput)} req/s`);
    console.log(`widget-latency-ratio: ${(largeMedian / smallMedian).toFixed(2)}`);

    await buildSite(dist);
    const widgetJs = await readFile(path.join(dist, widgetScriptPath));
    console.log(`widget-js-gzip: ${(gzipSync(widgetJs, { level: 9 }).length / 1024).toFixed(1)} KB`);
    const site = await serveBuiltSite(dist, { apiUrl: api });
    try {
      console.log(`widget-cls: ${(await layoutShift(site.url, large)).toFixed(3)}`);
    } finally {
      await site.close();
    }
  } finally {
    await rm(dist, { recursive: true, force: true });
    await stack.stop();
  }
}

/**
 * The layout shift of an owner's page (its own origin) that embeds the widget with the script snippet, text above
 * and below it: Chromium's layout-shift entries (without recent input) summed, once the widget has shown its data
 * and two frames were painted after that.
 */
async function layoutShift(siteUrl: string, survey: Survey): Promise<number> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Widget Bakery</title>
<script>
  window.shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.shifts.push(e.value);
  }).observe({ type: 'layout-shift', buffered: true });
</script></head>
<body><main><h1>Widget Bakery</h1><p>Fresh bread every morning.</p>
${widgetSnippet(siteUrl, survey.surveyCode!, 'en', 'script')}
<p>Open Tuesday to Saturday.</p></main></body></html>`;
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.locator('[data-reviewroute-widget]').getByRole('listitem').first().waitFor();
    return await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() =>
              resolve((window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0)),
            ),
          ),
        ),
    );
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

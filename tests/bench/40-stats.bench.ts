import { surveyStatsSchema } from '@reviewroute/shared';
import { tableEntities } from '@reviewroute/functions/data/client';
import { newId } from '@reviewroute/functions/lib/ids';
import { startLocalStack } from '../../infra/local/stack';
import { interleavedMedians } from './figures';
import { benchOwner, benchRating, createBenchSurvey, putResponses } from './seed';

/**
 * The dashboard's stats API at two volumes (decisions 8): one survey with 10 responses, one
 * with 20,000 seeded in bulk (BatchWriteItem through the handlers' own electrodb entity, so the sparse
 * feedback index keys are exactly what a real submit writes; the stats aggregate set to match). Then the
 * median latency of sequential GET /api/surveys/{id}/stats calls through the local gateway with a real
 * ID token, the two surveys interleaved so both see the same machine load. The goal is a ratio near 1
 * (≤ 1.5): the cost must not grow with the responses. Loopback only, bounded. Printed, never asserted.
 */

const smallCount = 10;
const largeCount = 20_000;
const calls = 50;
const warmUp = 5;
/** Roughly how many customers leave a comment. */
const commentShare = 0.4;

export async function run(): Promise<void> {
  const stack = await startLocalStack({ web: false, persist: false, handlerLogLevel: 'ERROR' });
  try {
    const api = stack.urls.api;
    const { auth } = await benchOwner(stack);
    const { response, surveyTally } = tableEntities(stack.env)();

    async function seededSurvey(responses: number): Promise<{ id: string; count: number; comments: number }> {
      const { id } = await createBenchSurvey(api, auth, `Bench Bistro ${responses}`, { publish: true });

      // A response a minute, the newest now; deterministic ratings and comments.
      const start = Date.now() - responses * 60_000;
      const histogram = [0, 0, 0, 0, 0];
      let sum = 0;
      let clicks = 0;
      const items = Array.from({ length: responses }, (_, i) => {
        const at = start + i * 60_000;
        const rating = benchRating(i);
        const clicked = rating === 5 && i % 3 === 0;
        histogram[rating - 1]! += 1;
        sum += rating;
        if (clicked) clicks += 1;
        return {
          surveyId: id,
          responseId: newId(at),
          rating,
          ...((i * 7919) % 100 < commentShare * 100 ? { comment: `Bench comment ${i}` } : {}),
          userAgent: 'bench',
          googleReviewClicked: clicked,
          createdAt: new Date(at).toISOString(),
          // Counted already (the tally is set below): the stats worker skips what it finds marked.
          counted: true,
          ...(clicked ? { clickCounted: true } : {}),
        };
      });
      await putResponses(response, items);
      // Cheap proof that the whole range landed: the oldest and the newest seeded responses are there.
      for (const [order, expected] of [
        ['asc', items[0]],
        ['desc', items[items.length - 1]],
      ] as const) {
        const { data } = await response.query
          .bySurvey({ surveyId: id })
          .go({ order, limit: 1, count: 1, attributes: ['responseId'] });
        if (data[0]?.responseId !== expected?.responseId) throw new Error(`seeding of ${id} is incomplete (${order})`);
      }
      // An upsert: the stats worker, which creates the tally with the first counted response, skips these.
      await surveyTally
        .upsert({
          surveyId: id,
          count: responses,
          sum,
          stars1: histogram[0]!,
          stars2: histogram[1]!,
          stars3: histogram[2]!,
          stars4: histogram[3]!,
          stars5: histogram[4]!,
          reviewClicks: clicks,
        })
        .go();
      return { id, count: responses, comments: items.filter((r) => r.comment).length };
    }

    const small = await seededSurvey(smallCount);
    const large = await seededSurvey(largeCount);

    async function timedStats({ id, count, comments }: Awaited<ReturnType<typeof seededSurvey>>): Promise<number> {
      const started = performance.now();
      const res = await fetch(`${api}/api/surveys/${id}/stats`, { headers: auth });
      const body = (await res.json()) as unknown;
      const elapsed = performance.now() - started;
      if (res.status !== 200) throw new Error(`stats answered ${res.status}: ${JSON.stringify(body)}`);
      const stats = surveyStatsSchema.parse(body);
      if (stats.reviewCount !== count || stats.recentFeedback.length !== Math.min(10, comments))
        throw new Error(`stats of ${id}: ${stats.reviewCount} reviews, ${stats.recentFeedback.length} comments`);
      return elapsed;
    }

    const [smallMedian, largeMedian] = await interleavedMedians(
      () => timedStats(small),
      () => timedStats(large),
      calls,
      warmUp,
    );
    console.log(`stats-latency-${smallCount}: ${smallMedian.toFixed(1)} ms`);
    console.log(`stats-latency-${largeCount}: ${largeMedian.toFixed(1)} ms`);
    console.log(`stats-latency-ratio: ${(largeMedian / smallMedian).toFixed(2)}`);
  } finally {
    await stack.stop();
  }
}

import { inboxPageSchema, inboxPageSize } from '@reviewroute/shared';
import { tableEntities } from '@reviewroute/functions/data/client';
import { newId } from '@reviewroute/functions/lib/ids';
import { startLocalStack } from '../../infra/local/stack';
import { median } from './figures';
import { benchOwner, benchRating, createBenchSurvey, putResponses } from './seed';

/**
 * The feedback inbox at two volumes: one survey with 10 responses, one with 20,000 seeded in bulk (BatchWriteItem
 * through the handlers' own electrodb entity, so the inbox index keys are exactly what a real submit writes).
 * Then the median latency of sequential GET /api/surveys/{id}/inbox calls through the local gateway with a real
 * ID token: the first page unfiltered (`inbox-page-latency-…`) and "1–2 stars with contact details"
 * (`inbox-filter-latency-…`), the two surveys interleaved so both see the same machine load.
 * `inbox-latency-ratio` is the larger of the two large/small ratios; the goal is ≤ 1.5: a request's cost must
 * not grow with the responses. Loopback only, bounded. Printed, never asserted.
 */

const smallCount = 10;
const largeCount = 20_000;
const calls = 40;
const warmUp = 5;

export async function run(): Promise<void> {
  const stack = await startLocalStack({ web: false, persist: false, handlerLogLevel: 'ERROR' });
  try {
    const api = stack.urls.api;
    const { auth } = await benchOwner(stack);
    const { response } = tableEntities(stack.env)();

    async function seededSurvey(count: number) {
      const { id } = await createBenchSurvey(api, auth, `Inbox Bench ${count}`, { publish: false });
      const start = Date.now() - count * 60_000;
      let lowWithContact = 0;
      const items = Array.from({ length: count }, (_, i) => {
        const at = start + i * 60_000;
        const rating = benchRating(i);
        // Every other low rating (one in ten is a 1 or a 2) leaves contact details.
        const contact = rating <= 2 && i % 20 < 10;
        if (contact) lowWithContact++;
        return {
          surveyId: id,
          responseId: newId(at),
          rating,
          ...(i % 5 < 2 ? { comment: `Bench comment ${i}` } : {}),
          ...(contact ? { customerName: `Customer ${i}`, customerEmail: `c${i}@example.com` } : {}),
          userAgent: 'bench',
          googleReviewClicked: false,
          createdAt: new Date(at).toISOString(),
          // Not for the stats worker: this bench reads the inbox only.
          counted: true,
        };
      });
      await putResponses(response, items);
      return { id, count, lowWithContact, newest: items[items.length - 1]!.responseId };
    }

    const small = await seededSurvey(smallCount);
    const large = await seededSurvey(largeCount);

    async function timed(survey: Awaited<ReturnType<typeof seededSurvey>>, filtered: boolean): Promise<number> {
      const query = filtered ? '?rating=low&contact=yes' : '';
      const started = performance.now();
      const res = await fetch(`${api}/api/surveys/${survey.id}/inbox${query}`, { headers: auth });
      const body = (await res.json()) as unknown;
      const elapsed = performance.now() - started;
      if (res.status !== 200) throw new Error(`inbox answered ${res.status}: ${JSON.stringify(body)}`);
      const page = inboxPageSchema.parse(body);
      const expected = Math.min(inboxPageSize, filtered ? survey.lowWithContact : survey.count);
      if (page.items.length !== expected || (!filtered && page.items[0]?.id !== survey.newest))
        throw new Error(`inbox of ${survey.count}${query}: ${page.items.length} items, expected ${expected}`);
      if (filtered && page.items.some((i) => i.rating > 2 || !i.customerEmail))
        throw new Error(`inbox of ${survey.count}${query}: an item outside the filter`);
      return elapsed;
    }

    const figures: Record<string, number> = {};
    for (const filtered of [false, true]) {
      for (let i = 0; i < warmUp; i++) {
        await timed(small, filtered);
        await timed(large, filtered);
      }
      const smallTimes: number[] = [];
      const largeTimes: number[] = [];
      for (let i = 0; i < calls; i++) {
        // Alternating which goes first keeps any ordering effect out of the ratio.
        if (i % 2) {
          smallTimes.push(await timed(small, filtered));
          largeTimes.push(await timed(large, filtered));
        } else {
          largeTimes.push(await timed(large, filtered));
          smallTimes.push(await timed(small, filtered));
        }
      }
      const name = filtered ? 'inbox-filter-latency' : 'inbox-page-latency';
      figures[`${name}-${smallCount}`] = median(smallTimes);
      figures[`${name}-${largeCount}`] = median(largeTimes);
    }
    for (const [name, ms] of Object.entries(figures)) console.log(`${name}: ${ms.toFixed(1)} ms`);
    const ratio = Math.max(
      figures[`inbox-page-latency-${largeCount}`]! / figures[`inbox-page-latency-${smallCount}`]!,
      figures[`inbox-filter-latency-${largeCount}`]! / figures[`inbox-filter-latency-${smallCount}`]!,
    );
    console.log(`inbox-latency-ratio: ${ratio.toFixed(2)}`);
  } finally {
    await stack.stop();
  }
}

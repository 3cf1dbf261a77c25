import { randomUUID } from 'node:crypto';
import { pathOf } from '@reviewroute/shared';
import { tableEntities } from '@reviewroute/functions/data/client';
import { newId } from '@reviewroute/functions/lib/ids';
import { listMails, type InboxMail } from '../support/inbox';
import { runNeighbourLoad } from './neighbour-load';
import { startStackProcess } from './stack-process';
import { benchOwner, benchRating, createBenchSurvey, giveEnterpriseYear, putResponses } from './seed';

/**
 * A noisy neighbour on the local stack. Owner A (an Enterprise year, a survey of 20,000 responses) posts 10,000
 * one-row review-request batches, reads its inbox at 100 requests a second and starts exports in a loop; meanwhile
 * owner B (a trial) sends 10 review requests and receives a 1-star rating. Figures:
 * - `neighbour-request-delay-s`: from B's send until B's last request mail is in the local inbox (goal ≤ 120);
 * - `neighbour-alert-delay-s`: from B's customer's submit until B's low-rating alert is in the inbox (goal ≤ 60);
 * - `neighbour-inbox-ratio`: B's inbox p99 during A's load ÷ B's inbox p99 on a quiet stack, B sending and being
 *   rated alike in both (goal ≤ 1.5);
 * - `neighbour-a-refused`: A's requests answered 429 (the per-owner limits at work; goal > 0).
 * Printed, never asserted.
 */

const aResponses = 20_000;
const aBatches = 10_000;
const aInboxRate = 100;
const loadSeconds = 60;
const bRequests = 10;
/** Seconds into each phase (A's load, and the quiet one before it) when B acts; B's reads are timed from then on. */
const bSendsAfterSeconds = 5;
/** B's requests and alert must arrive within this, or the bench reports what it saw. */
const waitMs = 5 * 60_000;

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))]!;
};
const p99 = (values: number[]) => percentile(values, 0.99);
const p50 = (values: number[]) => percentile(values, 0.5);

export async function run(): Promise<void> {
  // In a process of its own: A's load generator here must not slow the requests of B it measures (in AWS, each
  // Lambda has its own CPU and WAF takes a script's flood).
  const stack = await startStackProcess({
    web: false,
    persist: false,
    handlerLogLevel: 'ERROR',
    // B's customer posts at once, without the page's start token: the bench measures B's alert, not the bot checks.
    env: { PUBLIC_SUBMIT_MIN_FILL_MS: '0' },
  });
  // A's load runs beside the measuring; whatever ends the bench first stops it before the stack goes.
  let stopped = false;
  let stopLoad = () => {};
  const background: Promise<unknown>[] = [];
  try {
    const api = stack.urls.api;
    const entities = tableEntities(stack.env)();
    const a = await benchOwner(stack);
    const b = await benchOwner(stack);
    const aSurvey = await createBenchSurvey(api, a.auth, 'Noisy Neighbour Noodles', { publish: true });
    const bSurvey = await createBenchSurvey(api, b.auth, 'Quiet Quiche', { publish: true });

    // A's Enterprise year, as the payment webhook writes it: A's allowances are the largest a plan gives.
    await giveEnterpriseYear(entities, a.owner.userId);
    const start = Date.now() - aResponses * 60_000;
    await putResponses(
      entities.response,
      Array.from({ length: aResponses }, (_, i) => {
        const at = start + i * 60_000;
        return {
          surveyId: aSurvey.id,
          responseId: newId(at),
          rating: benchRating(i),
          comment: `Neighbour comment ${i}`,
          userAgent: 'bench',
          googleReviewClicked: false,
          createdAt: new Date(at).toISOString(),
          // Not for the stats worker or the alerts: A's history, read by its inbox and its exports.
          counted: true,
        };
      }),
    );

    const bInboxPath = pathOf('list-inbox', { surveyId: bSurvey.id });
    // B reads its inbox as a person paging through it does: at most 20 reads a second, under the per-owner limit
    // (`ownerRequestLimit`) that holds A's script; back to back, B would be a script itself.
    const bReadEveryMs = 50;
    const bInboxTimes = async (until: () => boolean, atLeast: number): Promise<{ at: number; ms: number }[]> => {
      const times: { at: number; ms: number }[] = [];
      while (times.length < atLeast || !until()) {
        const started = performance.now();
        const res = await fetch(`${api}${bInboxPath}`, { headers: b.auth });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`B's inbox answered ${res.status}`);
        const elapsed = performance.now() - started;
        times.push({ at: Date.now(), ms: elapsed });
        if (elapsed < bReadEveryMs) await new Promise((resolve) => setTimeout(resolve, bReadEveryMs - elapsed));
      }
      return times;
    };

    /**
     * What B does in each phase: sends `rows` review requests and has one customer rate 1 star; resolves with when
     * and to whom, for the arrival polls below.
     */
    const bActs = async (rows: number) => {
      const addresses = Array.from({ length: rows }, (_, i) => `quiet-${i}-${randomUUID()}@customer.example`);
      const sentAt = Date.now();
      const sent = await fetch(`${api}${pathOf('create-request-batch', { surveyId: bSurvey.id })}`, {
        method: 'POST',
        headers: b.auth,
        body: JSON.stringify({
          rows: addresses.map((email, i) => ({ name: `Quiet ${i}`, email })),
          permissionConfirmed: true,
        }),
      });
      if (sent.status !== 201 && sent.status !== 200)
        throw new Error(`B's batch answered ${sent.status}: ${(await sent.text()).slice(0, 300)}`);
      const ratedAt = Date.now();
      const rated = await fetch(`${api}${pathOf('submit-response', { surveyCode: bSurvey.surveyCode! })}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'bench-neighbour' },
        body: JSON.stringify({ rating: 1, comment: 'Cold quiche', idempotencyKey: randomUUID(), elapsedMs: 9000 }),
      });
      if (rated.status !== 201) throw new Error(`B's customer's submit answered ${rated.status}`);
      return { addresses, sentAt, ratedAt };
    };

    /**
     * Seconds from `since` until the inbox holds mails for all of `wanted` (the newest one's arrival), or undefined
     * when they are not all there within `waitMs`; once a second, each look reading only the mails since `since` (the
     * whole store, A's mails too, would be the stack's work the bench measures).
     */
    const arrivalOf = async (since: number, wanted: (mail: InboxMail) => string | undefined, count: number) => {
      while (!stopped && Date.now() < since + waitMs) {
        const found = new Map<string, number>();
        for (const mail of await listMails(stack.urls.inbox, since)) {
          const key = wanted(mail);
          if (key !== undefined) found.set(key, Math.max(found.get(key) ?? 0, mail.at * 1000));
        }
        if (found.size >= count) return Math.max(0, Math.max(...found.values()) - since) / 1000;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      return undefined;
    };
    /** The seconds until B's alert and B's request mails of one `bActs` are in the inbox. */
    const arrivals = (acted: Awaited<ReturnType<typeof bActs>>) => ({
      alert: arrivalOf(
        acted.ratedAt,
        (mail) => (mail.destination.to.includes(b.owner.email) && mail.subject.includes('1/5') ? 'alert' : undefined),
        1,
      ),
      requests: arrivalOf(
        acted.sentAt,
        (mail) => mail.destination.to.find((to) => acted.addresses.includes(to)),
        acted.addresses.length,
      ),
    });

    /**
     * One phase as B lives it: `bSendsAfterSeconds` in, B acts (`bActs`), then reads its inbox until `seconds` have
     * passed. Both phases have B do the same, so the ratio compares B's reads with and without A, never B's own
     * sending against none.
     */
    const bPhase = async (seconds: number) => {
      const started = Date.now();
      const ends = started + seconds * 1000;
      await new Promise((resolve) => setTimeout(resolve, bSendsAfterSeconds * 1000));
      const acted = await bActs(bRequests);
      const arrived = arrivals(acted);
      background.push(arrived.alert, arrived.requests);
      const samples = await bInboxTimes(() => Date.now() >= ends, 50);
      const times = samples.map((sample) => sample.ms);
      // Where in the phase the slow reads fell: the p99 of each 10 s, for whoever looks into a figure.
      const slices = Array.from({ length: Math.ceil(seconds / 10) }, (_, i) =>
        samples.filter((sample) => Math.floor((sample.at - started) / 10_000) === i).map((sample) => sample.ms),
      );
      const bySlice = slices.map((slice) => (slice.length > 0 ? Math.round(p99(slice)) : '-')).join(' ');
      return { times, bySlice, ...arrived };
    };

    // Warm-up: every path B's phases take (B's reads, a batch sent, an alert mailed) once, as on a stack that has
    // served before, so neither phase pays for the first run of a Lambda's code.
    await bInboxTimes(() => true, 10);
    const warm = arrivals(await bActs(1));
    if ((await warm.requests) === undefined || (await warm.alert) === undefined)
      throw new Error("B's warm-up mails did not arrive");

    // Quiet: B alone, for as long as the loaded phase below (a p99 over a few seconds would miss the stack's rare
    // pauses, a major GC, that a minute of reads meets whatever A does, and credit them to A).
    const quietPhase = await bPhase(loadSeconds);
    const quietTimes = quietPhase.times;
    const quiet = p99(quietTimes);

    // A's load, from a process of its own: batches, inbox reads at a fixed rate and exports, all at once.
    const aLoad = runNeighbourLoad({
      api,
      authorization: a.auth.authorization,
      batchesPath: pathOf('create-request-batch', { surveyId: aSurvey.id }),
      exportsPath: pathOf('start-export', { surveyId: aSurvey.id }),
      inboxPath: pathOf('list-inbox', { surveyId: aSurvey.id }),
      batches: aBatches,
      inboxRate: aInboxRate,
      seconds: loadSeconds,
    });
    stopLoad = aLoad.stop;
    background.push(aLoad.done);
    const loadedPhase = await bPhase(loadSeconds);
    const loadedTimes = loadedPhase.times;
    const loaded = p99(loadedTimes);
    const aSaw = await aLoad.done;

    const seconds = (value: number | undefined) => (value === undefined ? `over ${waitMs / 1000} s` : value.toFixed(1));
    console.error(
      `(A: batches ${JSON.stringify(aSaw.batchStatuses)}, exports ${JSON.stringify(aSaw.exportStatuses)}, ` +
        `inbox p99 ${aSaw.inboxP99} ms; ` +
        `B's inbox p99 quiet ${quiet.toFixed(1)} ms of ${quietTimes.length} reads (p50 ${p50(quietTimes).toFixed(1)}), ` +
        `during A's load ${loaded.toFixed(1)} ms of ${loadedTimes.length} (p50 ${p50(loadedTimes).toFixed(1)}))`,
    );
    console.error(
      `(B alone: requests in ${seconds(await quietPhase.requests)} s, alert in ${seconds(await quietPhase.alert)} s; ` +
        `B's inbox p99 by 10 s of each phase, in ms: quiet ${quietPhase.bySlice}, during A's load ${loadedPhase.bySlice})`,
    );
    console.log(`neighbour-request-delay-s: ${seconds(await loadedPhase.requests)}`);
    console.log(`neighbour-alert-delay-s: ${seconds(await loadedPhase.alert)}`);
    console.log(`neighbour-inbox-ratio: ${(loaded / quiet).toFixed(2)}`);
    console.log(`neighbour-a-refused: ${aSaw.refused}`);
  } finally {
    stopped = true;
    stopLoad();
    await Promise.allSettled(background);
    await stack.stop();
  }
}

import { Entity, type EntityConfiguration } from 'electrodb';
import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';
import { isoWeekOf } from '@reviewroute/shared/domain';
import { logger } from '../lib/logger';
import { backOffOrGiveUp, isBusyCancellation, writeWhileBusy, type CancellationReason } from './busy-retry';
import { isConditionalCheckFailure } from './conditional-check';
import type { Entities } from './entities';
import { deleteInBatches } from './batch-delete';
import { markCounted } from './response-store';
import type { TransactionEntities } from './transaction';
import { tableService } from './table-service';

/**
 * The stored per-survey aggregate of its responses (decisions 8, 20): counted from the table's stream, each
 * response and review click once (the first count creates it). The dashboard's `SurveyStats` are computed from it.
 */
export interface SurveyTally {
  surveyId: string;
  count: number;
  sum: number;
  /** Responses per star, index 0 = 1 star. */
  histogram: [number, number, number, number, number];
  reviewClicks: number;
}

/** The tally of a survey nobody has answered yet: what a survey without a stored tally reads as. */
export const zeroTally = (surveyId: string): SurveyTally => ({
  surveyId,
  count: 0,
  sum: 0,
  histogram: [0, 0, 0, 0, 0],
  reviewClicks: 0,
});

/** One ISO week (UTC) of a survey's tally: the responses created in it (the stats worker counts it with the tally). */
export interface WeekTally {
  /** `yyyy-Www`. */
  week: string;
  count: number;
  sum: number;
  /** Responses per star, index 0 = 1 star. */
  histogram: [number, number, number, number, number];
}

/**
 * The dashboard's reads of a survey's aggregate (decisions 8, 20). How the aggregate is produced (counted
 * from the table's stream by the stats worker) is the stats module's business, not its readers'.
 */
export interface SurveyStatsReader {
  /** Undefined while nothing was counted (a draft, a survey nobody answered yet): it reads as `zeroTally`. */
  getTally(surveyId: string): Promise<SurveyTally | undefined>;
  /**
   * The survey's week tallies from week `from` to week `to` (`yyyy-Www`, inclusive), oldest first: one bounded
   * query, whatever the number of responses. A week nobody answered in has none.
   */
  getWeeks(surveyId: string, from: string, to: string): Promise<WeekTally[]>;
}

/**
 * One thing to count, as the table's stream tells it: a new response, or a response's review click. Each
 * is counted at most once, however often (and in whatever order) the stream delivers it.
 */
export type TallyEvent =
  | {
      kind: 'response';
      surveyId: string;
      responseId: string;
      rating: number;
      /** The ISO week (UTC) of the response's `createdAt`, counted in that week's tally (absent: none). */
      week?: string;
    }
  | { kind: 'click'; surveyId: string; responseId: string };

/** The stats module's own side: it counts (the stats worker's only write) and its items go with their survey. */
export interface SurveyStatsStore extends SurveyStatsReader {
  /**
   * Counts each event once (a response already counted, or deleted, is skipped); returns the events it could
   * not count now (the table was busy, or failed): the stream delivers them again.
   */
  count(events: readonly TallyEvent[]): Promise<TallyEvent[]>;
  /** The survey's aggregate and its weeks, after its responses (so nothing counts them back). Idempotent. */
  deleteBySurvey(surveyId: string): Promise<void>;
}

/**
 * The owner of the survey's tally (`SURVEY#{id}/STATS`, decisions 8 and 20): the only module that writes it,
 * and the dashboard's reader of it. The tally is counted from the table's stream by the stats worker
 * (functions/src/domains/surveys/stats-worker.ts), never by the submit, so a submit writes one item and
 * concurrent submits to one survey never meet on its tally.
 *
 * Exactly once on an at-least-once stream: every count commits in one transaction with a mark on the
 * response it counts (response-store.ts `markCounted`: `counted`, `clickCounted`), conditioned on the mark
 * being absent and the response existing. A record delivered twice, out of order, or again after a crash
 * finds its mark and adds nothing; a batch is one transaction per survey (its responses' marks and one ADD
 * of their sums), and if any of its responses was already counted the transaction is cancelled and each
 * response is counted on its own instead, so the others are neither lost nor counted twice.
 *
 * The same transaction adds each counted response to its week's tally (`SURVEY#{id}/WEEK#{yyyy-Www}`, the ISO
 * week in UTC of its `createdAt`), so the weeks are counted exactly as often as the tally: once.
 *
 * The tally says nothing about whether its survey exists: its counts are upserts (`ADD`). A survey's delete
 * removes its responses before its tally, and a response that is gone is not counted, so no count made
 * before the delete recreates the tally after it.
 */

/**
 * Items per transaction (the responses' marks, the tally's ADD and one ADD per week they fall in): DynamoDB
 * takes 100 items in one TransactWriteItems, DynamoDB Local (the local stack and the tests) only 10, and one
 * code path serves both.
 */
const maxItemsPerTransaction = 10;

const starsAttribute = (rating: number) => `stars${rating}` as 'stars1' | 'stars2' | 'stars3' | 'stars4' | 'stars5';

/** What one transaction adds to a tally. */
interface TallyDelta {
  count: number;
  sum: number;
  stars: [number, number, number, number, number];
  reviewClicks: number;
}

/** What one transaction adds to one week's tally. */
type WeekDelta = Omit<TallyDelta, 'reviewClicks'>;

/** One response's part of a batch: whether its creation and/or its click are counted. */
interface ResponseCount {
  surveyId: string;
  responseId: string;
  rating?: number;
  /** The ISO week of the response's creation (counted with its rating). */
  week?: string;
  click: boolean;
  events: TallyEvent[];
}

/** The weeks the counted ratings fall in, each with what it gains. */
function weekDeltasOf(counts: readonly ResponseCount[]): Map<string, WeekDelta> {
  const weeks = new Map<string, WeekDelta>();
  for (const c of counts) {
    if (c.rating === undefined || c.week === undefined) continue;
    const d = weeks.get(c.week) ?? { count: 0, sum: 0, stars: [0, 0, 0, 0, 0] };
    d.count += 1;
    d.sum += c.rating;
    d.stars[c.rating - 1]! += 1;
    weeks.set(c.week, d);
  }
  return weeks;
}

/** The items a transaction of these counts writes: a mark each, the tally, one per week. */
const itemsOf = (counts: readonly ResponseCount[]) => counts.length + 1 + weekDeltasOf(counts).size;

/** The counts cut into runs that each fit one transaction, in order. */
function chunksOf(counts: readonly ResponseCount[]): ResponseCount[][] {
  const chunks: ResponseCount[][] = [];
  let chunk: ResponseCount[] = [];
  for (const c of counts) {
    if (chunk.length > 0 && itemsOf([...chunk, c]) > maxItemsPerTransaction) {
      chunks.push(chunk);
      chunk = [];
    }
    chunk.push(c);
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

function deltaOf(counts: readonly ResponseCount[]): TallyDelta {
  const delta: TallyDelta = { count: 0, sum: 0, stars: [0, 0, 0, 0, 0], reviewClicks: 0 };
  for (const c of counts) {
    if (c.rating !== undefined) {
      delta.count += 1;
      delta.sum += c.rating;
      delta.stars[c.rating - 1]! += 1;
    }
    if (c.click) delta.reviewClicks += 1;
  }
  return delta;
}

/** The tally's ADD, naming only what grows (ADD creates the item and any attribute it names). */
const addToTally = (surveyTally: TransactionEntities['surveyTally'], surveyId: string, d: TallyDelta) => {
  const add: Partial<Record<'count' | 'sum' | 'reviewClicks' | ReturnType<typeof starsAttribute>, number>> = {};
  if (d.count) Object.assign(add, { count: d.count, sum: d.sum });
  d.stars.forEach((n, i) => {
    if (n) add[starsAttribute(i + 1)] = n;
  });
  if (d.reviewClicks) add.reviewClicks = d.reviewClicks;
  return surveyTally.update({ surveyId }).add(add).commit();
};

/** A week's ADD (it creates the week's item on its first count). */
const addToWeek = (surveyWeek: TransactionEntities['surveyWeek'], surveyId: string, week: string, d: WeekDelta) => {
  const add: Partial<Record<'count' | 'sum' | ReturnType<typeof starsAttribute>, number>> = {
    count: d.count,
    sum: d.sum,
  };
  d.stars.forEach((n, i) => {
    if (n) add[starsAttribute(i + 1)] = n;
  });
  return surveyWeek.update({ surveyId, week }).add(add).commit();
};

/** Merges a batch's events per response (a record delivered twice in one batch is one count). */
function groupBySurvey(events: readonly TallyEvent[]): Map<string, ResponseCount[]> {
  const byResponse = new Map<string, ResponseCount>();
  for (const e of events) {
    const key = `${e.surveyId}/${e.responseId}`;
    const c = byResponse.get(key) ?? { surveyId: e.surveyId, responseId: e.responseId, click: false, events: [] };
    if (e.kind === 'response') {
      c.rating = e.rating;
      c.week = e.week;
    } else c.click = true;
    c.events.push(e);
    byResponse.set(key, c);
  }
  const bySurvey = new Map<string, ResponseCount[]>();
  for (const c of byResponse.values()) bySurvey.set(c.surveyId, [...(bySurvey.get(c.surveyId) ?? []), c]);
  return bySurvey;
}

/** The parts of one response's count, each on its own (the fallback after a cancelled batch). */
const split = (c: ResponseCount): ResponseCount[] => [
  ...(c.rating !== undefined ? [{ ...c, click: false, events: c.events.filter((e) => e.kind === 'response') }] : []),
  ...(c.click ? [{ ...c, rating: undefined, events: c.events.filter((e) => e.kind === 'click') }] : []),
];

/** A stored attribute as the stream shows it (the stream's own AttributeValue shape). */
const text = (image: Record<string, AttributeValue> | undefined, name: string) => image?.[name]?.S;
const flag = (image: Record<string, AttributeValue> | undefined, name: string) => image?.[name]?.BOOL === true;

/** The ISO week (UTC) of a stored `createdAt`; none for what is no date (then only the tally counts it). */
export function weekOf(createdAt: string | undefined): string | undefined {
  if (createdAt === undefined || Number.isNaN(Date.parse(createdAt))) return undefined;
  return isoWeekOf(createdAt);
}

/**
 * What a stream record gives to count: a response created (INSERT of a `response` item not marked counted;
 * one stored already counted, as a restore or a seed, adds nothing), or its review click (the flag turning
 * true). Every other change, the stats worker's own marks included, counts nothing.
 */
export function tallyEventOf(record: DynamoDBRecord): TallyEvent | undefined {
  const next = record.dynamodb?.NewImage;
  if (text(next, '__edb_e__') !== 'response') return undefined;
  const surveyId = text(next, 'surveyId');
  const responseId = text(next, 'responseId');
  if (surveyId === undefined || responseId === undefined) return undefined;
  if (record.eventName === 'INSERT' && !flag(next, 'counted')) {
    const rating = Number(next?.rating?.N);
    if (!Number.isInteger(rating) || rating < 1 || rating > 5) return undefined;
    const week = weekOf(text(next, 'createdAt'));
    return { kind: 'response', surveyId, responseId, rating, ...(week ? { week } : {}) };
  }
  const before = record.dynamodb?.OldImage;
  if (record.eventName === 'MODIFY' && flag(next, 'googleReviewClicked') && !flag(before, 'googleReviewClicked'))
    return { kind: 'click', surveyId, responseId };
  return undefined;
}

export function createDynamoSurveyStats(entitiesOf: () => Entities): SurveyStatsStore {
  /**
   * One transaction: the marks of these responses and their sum added to the survey's tally, retried while
   * busy. Undefined when it committed, else the reasons it was refused (a mark's condition: counted, or gone).
   */
  async function countTogether(surveyId: string, counts: readonly ResponseCount[]) {
    const { service } = entitiesOf();
    for (let attempt = 1; ; attempt++) {
      const result = await service.transaction
        .write(({ response, surveyTally, surveyWeek }) => [
          ...counts.map((c) =>
            markCounted(response, c.surveyId, c.responseId, { response: c.rating !== undefined, click: c.click }),
          ),
          addToTally(surveyTally, surveyId, deltaOf(counts)),
          ...[...weekDeltasOf(counts)].map(([week, d]) => addToWeek(surveyWeek, surveyId, week, d)),
        ])
        .go();
      if (!result.canceled) return undefined;
      const reasons = result.data as CancellationReason[];
      if (!isBusyCancellation(reasons)) return reasons;
      await backOffOrGiveUp('Stats count', attempt, reasons);
    }
  }

  /** A survey's counts: together, else (some were counted before, or are gone) one by one. Returns what failed. */
  async function countSurvey(surveyId: string, counts: ResponseCount[]): Promise<TallyEvent[]> {
    const failed: TallyEvent[] = [];
    for (const chunk of chunksOf(counts)) {
      try {
        if ((await countTogether(surveyId, chunk)) === undefined) continue;
      } catch (error) {
        logger.warn('Stats count of a batch failed; counting its responses one by one', { error: String(error) });
      }
      for (const one of chunk.flatMap(split)) {
        try {
          // Refused: this one was counted before (or its response is gone): nothing to add.
          await countTogether(surveyId, [one]);
        } catch (error) {
          logger.error('Stats count failed; the stream delivers it again', error as Error);
          failed.push(...one.events);
        }
      }
    }
    return failed;
  }

  return {
    async getTally(surveyId): Promise<SurveyTally | undefined> {
      const { surveyTally } = entitiesOf();
      const { data } = await surveyTally.get({ surveyId }).go({ consistent: true });
      if (!data) return undefined;
      // A tally made by its first count lacks the attributes nothing was added to yet.
      return {
        surveyId,
        count: data.count ?? 0,
        sum: data.sum ?? 0,
        histogram: [data.stars1 ?? 0, data.stars2 ?? 0, data.stars3 ?? 0, data.stars4 ?? 0, data.stars5 ?? 0],
        reviewClicks: data.reviewClicks ?? 0,
      };
    },

    async getWeeks(surveyId, from, to): Promise<WeekTally[]> {
      const { surveyWeek } = entitiesOf();
      // One key range of the survey's partition: at most the weeks asked for, whatever the responses.
      const { data } = await surveyWeek.query
        .bySurvey({ surveyId })
        .between({ week: from }, { week: to })
        .go({ consistent: true });
      return data.map((w) => ({
        week: w.week,
        count: w.count ?? 0,
        sum: w.sum ?? 0,
        histogram: [w.stars1 ?? 0, w.stars2 ?? 0, w.stars3 ?? 0, w.stars4 ?? 0, w.stars5 ?? 0],
      }));
    },

    async count(events) {
      // Surveys in parallel (their tallies are separate items), each survey's chunks in order.
      const results = await Promise.all(
        [...groupBySurvey(events)].map(([surveyId, counts]) => countSurvey(surveyId, counts)),
      );
      return results.flat();
    },

    async deleteBySurvey(surveyId) {
      const { surveyTally, surveyWeek } = entitiesOf();
      // A survey has a week item per week it was answered in: a few hundred at most, in one or two pages.
      const { data: weeks } = await surveyWeek.query
        .bySurvey({ surveyId })
        .go({ pages: 'all', consistent: true, attributes: ['surveyId', 'week'] });
      await deleteInBatches(
        (keys) => surveyWeek.delete(keys).go(),
        weeks.map(({ week }) => ({ surveyId, week })),
        'week tallies',
      );
      await surveyTally.delete({ surveyId }).go({ response: 'none' });
    },
  };
}

/** The same counting in memory (unit tests): marks per response, a response must exist to be counted. */
export function memoryCount(
  tallies: Map<string, SurveyTally>,
  weeks: Map<string, Map<string, WeekTally>>,
  marks: Set<string>,
  exists: (surveyId: string, responseId: string) => { googleReviewClicked: boolean } | undefined,
  events: readonly TallyEvent[],
  crashAfterSurveys?: number,
): TallyEvent[] {
  let surveys = 0;
  for (const [surveyId, counts] of groupBySurvey(events)) {
    if (crashAfterSurveys !== undefined && surveys++ >= crashAfterSurveys) throw new Error('Crashed mid-batch');
    for (const one of counts.flatMap(split)) {
      const response = exists(surveyId, one.responseId);
      const mark = `${one.click ? 'click' : 'response'}/${surveyId}/${one.responseId}`;
      if (!response || marks.has(mark) || (one.click && !response.googleReviewClicked)) continue;
      marks.add(mark);
      const tally = tallies.get(surveyId) ?? {
        surveyId,
        count: 0,
        sum: 0,
        histogram: [0, 0, 0, 0, 0],
        reviewClicks: 0,
      };
      const d = deltaOf([one]);
      tally.count += d.count;
      tally.sum += d.sum;
      d.stars.forEach((n, i) => (tally.histogram[i]! += n));
      tally.reviewClicks += d.reviewClicks;
      tallies.set(surveyId, tally);
      for (const [week, w] of weekDeltasOf([one])) {
        const ofSurvey = weeks.get(surveyId) ?? new Map<string, WeekTally>();
        const stored = ofSurvey.get(week) ?? { week, count: 0, sum: 0, histogram: [0, 0, 0, 0, 0] };
        stored.count += w.count;
        stored.sum += w.sum;
        w.stars.forEach((n, i) => (stored.histogram[i]! += n));
        ofSurvey.set(week, stored);
        weeks.set(surveyId, ofSurvey);
      }
    }
  }
  return [];
}

const sameWeek = (a: WeekTally | undefined, b: WeekTally | undefined) =>
  (a?.count ?? 0) === (b?.count ?? 0) &&
  (a?.sum ?? 0) === (b?.sum ?? 0) &&
  [0, 1, 2, 3, 4].every((i) => (a?.histogram[i] ?? 0) === (b?.histogram[i] ?? 0));

/**
 * The week items as the inbox backfill recounts them from a survey's responses (for responses counted before
 * the weeks existed). `read` gives every week item (consistent); `replace` sets each week that differs to its
 * recount, conditioned on the week still holding the count that was read. The backfill reads the weeks before
 * the responses, so a count the stats worker commits meanwhile (it adds to a week in the transaction that
 * marks its response) changes a week's count, fails the condition, and the backfill counts the survey again:
 * a response is never in a week twice, and the stats worker's later counts add to the recount.
 */
export function createDynamoWeekRecount(entitiesOf: () => Entities) {
  return {
    async read(surveyId: string): Promise<WeekTally[]> {
      const { surveyWeek } = entitiesOf();
      const { data } = await surveyWeek.query.bySurvey({ surveyId }).go({ pages: 'all', consistent: true });
      return data.map((w) => ({
        week: w.week,
        count: w.count ?? 0,
        sum: w.sum ?? 0,
        histogram: [w.stars1 ?? 0, w.stars2 ?? 0, w.stars3 ?? 0, w.stars4 ?? 0, w.stars5 ?? 0],
      }));
    },

    /** Returns how many weeks were written, or `changed` when a week moved since it was read. */
    async replace(surveyId: string, read: readonly WeekTally[], recount: readonly WeekTally[]) {
      const { surveyWeek } = entitiesOf();
      const before = new Map(read.map((w) => [w.week, w]));
      const after = new Map(recount.map((w) => [w.week, w]));
      let written = 0;
      for (const week of new Set([...before.keys(), ...after.keys()])) {
        const was = before.get(week);
        const now = after.get(week);
        if (sameWeek(was, now)) continue;
        try {
          await writeWhileBusy('Week recount', () =>
            !now || now.count === 0
              ? surveyWeek
                  .delete({ surveyId, week })
                  .where((a, op) => (was ? op.eq(a.count, was.count) : op.notExists(a.count)))
                  .go({ response: 'none' })
              : surveyWeek
                  .update({ surveyId, week })
                  .set({
                    count: now.count,
                    sum: now.sum,
                    stars1: now.histogram[0],
                    stars2: now.histogram[1],
                    stars3: now.histogram[2],
                    stars4: now.histogram[3],
                    stars5: now.histogram[4],
                  })
                  .where((a, op) => (was ? op.eq(a.count, was.count) : op.notExists(a.count)))
                  .go({ response: 'none' }),
          );
          written++;
        } catch (error) {
          if (isConditionalCheckFailure(error)) return 'changed' as const;
          throw error;
        }
      }
      return written;
    },
  };
}

export type WeekRecount = ReturnType<typeof createDynamoWeekRecount>;

/**
 * The rating counters of the survey's tally and of each of its weeks: one block, because the stats worker
 * counts a response into both in one transaction and a week must count exactly what the tally counts.
 * Counted with ADD, which creates the item: an attribute nothing was added to yet is absent (0).
 */
const ratingCounters = {
  count: { type: 'number' },
  sum: { type: 'number' },
  stars1: { type: 'number' },
  stars2: { type: 'number' },
  stars3: { type: 'number' },
  stars4: { type: 'number' },
  stars5: { type: 'number' },
} as const;

/** This module's entities on the one table (`entities.ts` gathers every owner's into the one electrodb Service). */
export function surveyStatsEntities(config: EntityConfiguration) {
  /**
   * The survey's tally of its responses (decisions 8), in the survey's partition beside them. Its items
   * carry the entity name it was first stored under, `surveyStats`.
   */
  const surveyTally = new Entity(
    {
      model: { entity: 'surveyStats', version: '1', service: tableService },
      attributes: {
        surveyId: { type: 'string', required: true, readOnly: true },
        ...ratingCounters,
        // Counted with ADD as the rating counters; only the tally counts clicks.
        reviewClicks: { type: 'number' },
      },
      indexes: {
        bySurvey: {
          pk: { field: 'pk', composite: ['surveyId'], template: 'SURVEY#${surveyId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'STATS', casing: 'none' },
        },
      },
    },
    config,
  );

  /**
   * One ISO week (UTC) of the survey's tally: its responses by the week of their `createdAt`, counted by the
   * stats worker in the same transaction as the tally. Beside the tally in the survey's partition; the
   * week's key sorts in time order, so the dashboard's trend is one bounded key range.
   */
  const surveyWeek = new Entity(
    {
      model: { entity: 'surveyWeek', version: '1', service: tableService },
      attributes: {
        surveyId: { type: 'string', required: true, readOnly: true },
        /** `yyyy-Www`. */
        week: { type: 'string', required: true, readOnly: true },
        ...ratingCounters,
      },
      indexes: {
        bySurvey: {
          pk: { field: 'pk', composite: ['surveyId'], template: 'SURVEY#${surveyId}', casing: 'none' },
          sk: { field: 'sk', composite: ['week'], template: 'WEEK#${week}', casing: 'none' },
        },
      },
    },
    config,
  );
  return { surveyTally, surveyWeek };
}

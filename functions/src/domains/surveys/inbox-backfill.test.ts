import { describe, expect, it } from 'vitest';
import type { WeekTally } from '../../data/survey-stats';
import type { BackfillResponse } from '../../data/response-store';
import { weekOf } from '../../data/survey-stats';
import { backfillInbox, type BackfillCursor, type InboxBackfillDeps } from './inbox-backfill';

interface StoredResponse extends BackfillResponse {
  indexed: boolean;
}

/**
 * The table as the backfill sees it, in memory: owners in pages, surveys, responses (indexed or not) and week
 * items, with the conditional week writes of survey-stats.ts. `count` plays the stats worker: it marks a
 * response counted and adds it to its week in one step.
 */
function fakeTable(ownerPages: string[][]) {
  const surveysOf = new Map<string, string[]>();
  const responses = new Map<string, StoredResponse[]>();
  const weeks = new Map<string, Map<string, WeekTally>>();
  const writes = { index: 0, weeks: 0 };
  let cursor: BackfillCursor | undefined;
  const logs: string[] = [];
  /** Runs before the given page of responses is answered (a live count during the backfill). */
  let beforePage: ((surveyId: string, after: string | undefined) => void) | undefined;
  let failOwnerPage: number | undefined;

  const weeksOf = (surveyId: string) => weeks.get(surveyId) ?? weeks.set(surveyId, new Map()).get(surveyId)!;
  const addToWeek = (surveyId: string, r: BackfillResponse) => {
    const week = weekOf(r.createdAt)!;
    const w = weeksOf(surveyId).get(week) ?? { week, count: 0, sum: 0, histogram: [0, 0, 0, 0, 0] };
    weeksOf(surveyId).set(week, {
      week,
      count: w.count + 1,
      sum: w.sum + r.rating,
      histogram: w.histogram.map((n, i) => (i === r.rating - 1 ? n + 1 : n)) as WeekTally['histogram'],
    });
  };

  const deps: InboxBackfillDeps = {
    async ownerPage(token) {
      const index = token ? Number(token) : 0;
      if (index === failOwnerPage) throw new Error('Cognito is down');
      return { userIds: ownerPages[index] ?? [], next: index + 1 < ownerPages.length ? String(index + 1) : null };
    },
    surveyIdsOf: async (userId) => surveysOf.get(userId) ?? [],
    async responsePage(surveyId, after, limit) {
      beforePage?.(surveyId, after);
      const all = (responses.get(surveyId) ?? []).sort((a, b) => (a.responseId < b.responseId ? -1 : 1));
      const page = all.filter((r) => after === undefined || r.responseId > after).slice(0, limit);
      let indexed = 0;
      for (const r of page)
        if (!r.indexed) {
          r.indexed = true;
          indexed++;
          writes.index++;
        }
      return {
        items: page.map(({ indexed: _, ...r }) => ({ ...r })),
        indexed,
        next: page.length === limit ? page[page.length - 1]!.responseId : null,
      };
    },
    weeks: {
      read: async (surveyId) => [...weeksOf(surveyId).values()].map((w) => ({ ...w, histogram: [...w.histogram] })),
      async replace(surveyId, read, recount) {
        const stored = weeksOf(surveyId);
        let written = 0;
        for (const week of new Set([...read.map((w) => w.week), ...recount.map((w) => w.week)])) {
          const was = read.find((w) => w.week === week);
          const now = recount.find((w) => w.week === week);
          if (JSON.stringify(was) === JSON.stringify(now)) continue;
          if ((stored.get(week)?.count ?? undefined) !== was?.count) return 'changed';
          if (now) stored.set(week, { ...now, histogram: [...now.histogram] });
          else stored.delete(week);
          written++;
          writes.weeks++;
        }
        return written;
      },
    },
    cursor: {
      load: async () => cursor,
      save: async (c) => {
        cursor = c;
      },
    },
    log: (message) => logs.push(message),
  };

  return {
    deps,
    writes,
    logs,
    get cursor() {
      return cursor;
    },
    survey(userId: string, surveyId: string, stored: (Omit<StoredResponse, 'indexed'> & { indexed?: boolean })[]) {
      surveysOf.set(userId, [...(surveysOf.get(userId) ?? []), surveyId]);
      responses.set(
        surveyId,
        stored.map((r) => ({ indexed: false, ...r })),
      );
    },
    /** The stats worker's count of a response: marked and added to its week at once. */
    count(surveyId: string, responseId: string) {
      const r = responses.get(surveyId)!.find((x) => x.responseId === responseId)!;
      r.inTally = true;
      addToWeek(surveyId, r);
    },
    addToWeek,
    weeks: (surveyId: string) => [...weeksOf(surveyId).values()].sort((a, b) => (a.week < b.week ? -1 : 1)),
    unindexed: () => [...responses.values()].flat().filter((r) => !r.indexed).length,
    set beforePage(f: typeof beforePage) {
      beforePage = f;
    },
    set failOwnerPage(page: number | undefined) {
      failOwnerPage = page;
    },
  };
}

const at = (day: string) => `${day}T10:00:00.000Z`;
/** 2026-W10 is Mar 2–8, W11 Mar 9–15 (UTC). */
const legacy = (responseId: string, rating: number, day: string): Omit<StoredResponse, 'indexed'> => ({
  responseId,
  rating,
  createdAt: at(day),
  inTally: true,
});

describe('inbox backfill', () => {
  it('indexes every response and recounts the weeks of those the tally holds, only once however often it runs', async () => {
    const table = fakeTable([['owner-1'], ['owner-2']]);
    table.survey('owner-1', 's1', [
      legacy('r1', 5, '2026-03-02'),
      legacy('r2', 1, '2026-03-08'),
      legacy('r3', 4, '2026-03-09'),
      // Not counted yet: the stats worker gives it its week.
      { responseId: 'r4', rating: 2, createdAt: at('2026-03-10'), inTally: false },
    ]);
    table.survey('owner-2', 's2', [legacy('q1', 3, '2026-03-03'), { ...legacy('q2', 4, '2026-03-03'), indexed: true }]);

    const first = await backfillInbox(table.deps, 2);
    expect(first).toEqual({ owners: 2, surveys: 2, responses: 6, indexed: 5, weeksWritten: 3 });
    expect(table.unindexed()).toBe(0);
    expect(table.weeks('s1')).toEqual([
      { week: '2026-W10', count: 2, sum: 6, histogram: [1, 0, 0, 0, 1] },
      { week: '2026-W11', count: 1, sum: 4, histogram: [0, 0, 0, 1, 0] },
    ]);
    expect(table.weeks('s2')).toEqual([{ week: '2026-W10', count: 2, sum: 7, histogram: [0, 0, 1, 1, 0] }]);
    expect(table.cursor).toEqual({ done: true });

    // The stats worker counts r4 later: its week grows by exactly it.
    table.count('s1', 'r4');
    expect(table.weeks('s1')[1]).toEqual({ week: '2026-W11', count: 2, sum: 6, histogram: [0, 1, 0, 1, 0] });

    // A second run (the cursor deleted) reads and writes nothing new.
    const writes = { ...table.writes };
    await table.deps.cursor.save({ done: false });
    const again = await backfillInbox(table.deps, 2);
    expect(again).toMatchObject({ indexed: 0, weeksWritten: 0 });
    expect(table.writes).toEqual(writes);
    expect(table.weeks('s1')[1]!.count).toBe(2);
  });

  it('keeps a week the stats worker already counted as it is, and corrects one that misses legacy responses', async () => {
    const table = fakeTable([['owner-1']]);
    table.survey('owner-1', 's1', [legacy('r1', 5, '2026-03-02'), legacy('r2', 3, '2026-03-09')]);
    // r2 was counted by the stats worker after the weeks existed; r1 before.
    table.addToWeek('s1', legacy('r2', 3, '2026-03-09'));
    expect((await backfillInbox(table.deps)).weeksWritten).toBe(1);
    expect(table.weeks('s1').map((w) => [w.week, w.count])).toEqual([
      ['2026-W10', 1],
      ['2026-W11', 1],
    ]);
  });

  it('counts a survey again when a live count changes a week during the recount, without counting it twice', async () => {
    const table = fakeTable([['owner-1']]);
    table.survey('owner-1', 's1', [
      legacy('r1', 5, '2026-03-09'),
      { responseId: 'r2', rating: 4, createdAt: at('2026-03-10'), inTally: false },
      legacy('r3', 2, '2026-03-10'),
    ]);
    let counts = 0;
    // After the weeks were read and r1 paged, the stats worker counts r2 (in the same week as r1 and r3).
    table.beforePage = (_surveyId, after) => {
      if (after === 'r1' && counts++ === 0) table.count('s1', 'r2');
    };
    await backfillInbox(table.deps, 1);
    expect(counts).toBe(2);
    expect(table.weeks('s1')).toEqual([{ week: '2026-W11', count: 3, sum: 11, histogram: [0, 1, 0, 1, 1] }]);
  });

  it('resumes at the owner page it was on when a run is interrupted', async () => {
    const table = fakeTable([['owner-1'], ['owner-2'], ['owner-3']]);
    table.survey('owner-1', 's1', [legacy('a', 5, '2026-03-02')]);
    table.survey('owner-2', 's2', [legacy('b', 5, '2026-03-02')]);
    table.survey('owner-3', 's3', [legacy('c', 5, '2026-03-02')]);
    table.failOwnerPage = 2;
    await expect(backfillInbox(table.deps)).rejects.toThrow('Cognito is down');
    expect(table.cursor).toEqual({ ownerToken: '2', done: false });
    expect(table.unindexed()).toBe(1);

    table.failOwnerPage = undefined;
    const resumed = await backfillInbox(table.deps);
    // Only the third owner was left.
    expect(resumed).toMatchObject({ owners: 1, surveys: 1, indexed: 1, weeksWritten: 1 });
    expect(table.unindexed()).toBe(0);
    expect(await backfillInbox(table.deps)).toMatchObject({ owners: 0 });
    expect(table.logs.at(-1)).toContain('done before');
  });
});

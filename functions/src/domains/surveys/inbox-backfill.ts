import type { LambdaEnv } from '@reviewroute/shared';
import { tableEntities } from '../../data/client';
import type { WeekTally } from '../../data/survey-stats';
import { indexResponsePage, type BackfillResponse } from '../../data/response-store';
import { createDynamoSurveyRepository } from '../../data/survey-repository';
import { createDynamoWeekRecount, weekOf } from '../../data/survey-stats';
import { cognitoOwnerPages, type OwnerPage } from '../../data/user-directory';
import { logger } from '../../lib/logger';

/**
 * The one-off migration for responses stored before the inbox and the weekly trend existed: they lack the
 * inbox index's keys (gsi2), so the inbox does not list them, and the weeks they were counted in have no
 * week items, so the trend misses them. The run walks the owners (Cognito's user list, page by page: no
 * table scan), their surveys, and each survey's responses page by page; it gives each unindexed response its
 * keys and recounts the survey's weeks from its responses. Every step derives what is left from the table,
 * so a second run writes nothing, and an interrupted run resumes at the owner page it was on
 * (functions/scripts/backfill-inbox.ts keeps that cursor in a file).
 */

export interface BackfillCursor {
  /** The owner page to start at (undefined: the first). */
  ownerToken?: string;
  /** Every owner was done. */
  done: boolean;
}

export interface InboxBackfillDeps {
  ownerPage(token: string | undefined): Promise<OwnerPage>;
  surveyIdsOf(userId: string): Promise<string[]>;
  responsePage(
    surveyId: string,
    after: string | undefined,
    limit: number,
  ): Promise<{ items: BackfillResponse[]; indexed: number; next: string | null }>;
  weeks: {
    read(surveyId: string): Promise<WeekTally[]>;
    replace(surveyId: string, read: readonly WeekTally[], recount: readonly WeekTally[]): Promise<number | 'changed'>;
  };
  cursor: { load(): Promise<BackfillCursor | undefined>; save(cursor: BackfillCursor): Promise<void> };
  log(message: string): void;
}

export interface BackfillSummary {
  owners: number;
  surveys: number;
  responses: number;
  /** Responses that got the inbox index's keys. */
  indexed: number;
  /** Week items written (created, corrected or deleted). */
  weeksWritten: number;
}

/** Responses read per page (one consistent query each; one page in memory at a time). */
export const backfillPageSize = 500;

/** Recounts of a survey whose weeks a live count changed meanwhile, before the run stops (and can be resumed). */
const maxRecounts = 5;

/** A week recount: per ISO week (UTC) of `createdAt`, the responses the tally holds. */
export class WeekRecount {
  private readonly weeks = new Map<string, WeekTally>();

  add(responses: readonly BackfillResponse[]): void {
    for (const r of responses) {
      // One the stats worker has yet to count gets its week from that count.
      if (!r.inTally) continue;
      const week = weekOf(r.createdAt);
      if (week === undefined) continue;
      const w = this.weeks.get(week) ?? { week, count: 0, sum: 0, histogram: [0, 0, 0, 0, 0] };
      w.count += 1;
      w.sum += r.rating;
      w.histogram[r.rating - 1]! += 1;
      this.weeks.set(week, w);
    }
  }

  result(): WeekTally[] {
    return [...this.weeks.values()].sort((a, b) => (a.week < b.week ? -1 : 1));
  }
}

/**
 * One survey: its weeks read first, then its responses page by page (indexing those without keys, counting
 * the rest into the recount), then the weeks that differ replaced under the condition that they are as read.
 * A live count in between fails that condition; the survey is then counted again (the indexing is done by
 * then, so a second pass only reads).
 */
export async function backfillSurvey(
  deps: Pick<InboxBackfillDeps, 'responsePage' | 'weeks'>,
  surveyId: string,
  pageSize = backfillPageSize,
): Promise<{ responses: number; indexed: number; weeksWritten: number }> {
  let indexed = 0;
  for (let attempt = 1; attempt <= maxRecounts; attempt++) {
    const read = await deps.weeks.read(surveyId);
    const recount = new WeekRecount();
    let responses = 0;
    let after: string | undefined;
    do {
      const page = await deps.responsePage(surveyId, after, pageSize);
      indexed += page.indexed;
      responses += page.items.length;
      recount.add(page.items);
      after = page.next ?? undefined;
    } while (after !== undefined);
    const written = await deps.weeks.replace(surveyId, read, recount.result());
    if (written !== 'changed') return { responses, indexed, weeksWritten: written };
  }
  throw new Error(`Survey ${surveyId}: its weeks kept changing during ${maxRecounts} recounts; run the backfill again`);
}

/** Every owner's surveys, from the saved cursor on; the cursor moves on after each finished owner page. */
export async function backfillInbox(deps: InboxBackfillDeps, pageSize = backfillPageSize): Promise<BackfillSummary> {
  const summary: BackfillSummary = { owners: 0, surveys: 0, responses: 0, indexed: 0, weeksWritten: 0 };
  const start = await deps.cursor.load();
  if (start?.done) {
    deps.log('Inbox backfill: done before (delete the cursor to run it again)');
    return summary;
  }
  let token = start?.ownerToken;
  if (token) deps.log('Inbox backfill: resuming at a saved owner page');
  for (;;) {
    const page = await deps.ownerPage(token);
    for (const userId of page.userIds) {
      summary.owners++;
      for (const surveyId of await deps.surveyIdsOf(userId)) {
        const done = await backfillSurvey(deps, surveyId, pageSize);
        summary.surveys++;
        summary.responses += done.responses;
        summary.indexed += done.indexed;
        summary.weeksWritten += done.weeksWritten;
        if (done.indexed || done.weeksWritten)
          deps.log(`Survey ${surveyId}: ${done.indexed} responses indexed, ${done.weeksWritten} weeks written`);
      }
    }
    if (page.next === null) break;
    token = page.next;
    await deps.cursor.save({ ownerToken: token, done: false });
  }
  await deps.cursor.save({ done: true });
  deps.log(
    `Inbox backfill done: ${summary.owners} owners, ${summary.surveys} surveys, ${summary.responses} responses, ` +
      `${summary.indexed} indexed, ${summary.weeksWritten} weeks written`,
  );
  return summary;
}

/**
 * The backfill on an environment's table and user pool (TABLE_NAME, USER_POOL_ID, AWS_REGION and, locally, the
 * emulators' endpoints). `ownerFilter`: Cognito's ListUsers filter, to run it for some owners only.
 */
export function dynamoBackfillDeps(
  env: LambdaEnv,
  options: { cursor: InboxBackfillDeps['cursor']; ownerFilter?: string; log?: (message: string) => void },
): InboxBackfillDeps {
  const entitiesOf = tableEntities(env);
  const surveys = createDynamoSurveyRepository(entitiesOf);
  return {
    ownerPage: cognitoOwnerPages(env, options.ownerFilter),
    surveyIdsOf: async (userId) => (await surveys.listByOwner(userId)).map((s) => s.id),
    responsePage: (surveyId, after, limit) => indexResponsePage(entitiesOf, surveyId, after, limit),
    weeks: createDynamoWeekRecount(entitiesOf),
    cursor: options.cursor,
    log: options.log ?? ((message) => logger.info(message)),
  };
}

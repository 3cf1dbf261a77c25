import * as z from 'zod';
import { accountExportPageSize, type AccountExportPage, type Survey } from '@reviewroute/shared';
import { ApiError } from '../../lib/api-error';
import type { ExportSlice, ExportSummary, OwnerDataPart } from '../../data/owner-data';
import type { SurveyRepository } from '../../data/survey-repository';

export interface ExportServiceDeps {
  surveys: Pick<SurveyRepository, 'listByOwner'>;
  /** What each domain keeps of the owner, in the registry's order (functions/src/owner-data.ts). */
  parts: readonly OwnerDataPart[];
  pageSize?: number;
}

/**
 * Where the export is: the survey whose lists come next; within it, the part (its index in the registry) and the
 * list whose page comes next, after which item (none of them: the survey's first list, from its start).
 */
const cursorSchema = z.object({
  s: z.string().min(1).max(64),
  p: z.number().int().min(0).max(99).optional(),
  l: z.string().min(1).max(64).optional(),
  a: z.string().min(1).max(64).nullable().optional(),
});
type Cursor = z.infer<typeof cursorSchema>;

const encodeCursor = (cursor: Cursor): string => Buffer.from(JSON.stringify(cursor)).toString('base64url');

const invalidCursor = () => new ApiError('BAD_REQUEST', 'Invalid export cursor');

function decodeCursor(raw: string): Cursor {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
  } catch {
    throw invalidCursor();
  }
}

/** What a page holds of the fields it does not fill. */
const emptyPage: Omit<AccountExportPage, 'progress' | 'nextCursor'> = {
  profile: null,
  surveys: [],
  payments: [],
  invoices: [],
  requestBatches: [],
  suppressions: [],
  requestHooks: [],
  requestRecipients: [],
  responses: [],
};

const byId = (a: string, b: string) => (a < b ? -1 : 1);

/**
 * "Download my data" (decisions 14), one bounded page per call: the first page holds what each domain's part
 * summarises (the profile, the surveys, the billing history, the review-request batches and the suppression list,
 * …); every later page holds up to `pageSize` items of one of a survey's paged lists (its responses, then each of its
 * review-request batches' customers), read in id order after the cursor. The cursor names a survey of the caller and
 * one of that survey's lists only: any other is refused, so nobody pages through another owner's data.
 */
export function createExportService(deps: ExportServiceDeps) {
  const pageSize = deps.pageSize ?? accountExportPageSize;
  const { parts } = deps;

  /** The survey's paged lists, in export order (each part's, in the registry's order), with the part that pages each. */
  async function listsOf(userId: string, surveyId: string) {
    const lists = await Promise.all(
      parts.map(async ({ exportLists }, p) =>
        exportLists ? (await exportLists.of(userId, surveyId)).map((l) => ({ p, l, exporter: exportLists })) : [],
      ),
    );
    return lists.flat();
  }

  return {
    /** `raw`: the cursor the previous page answered (none for the first page). */
    async page(userId: string, raw: string | undefined): Promise<AccountExportPage> {
      const surveys: Survey[] = await deps.surveys.listByOwner(userId);
      const ids = surveys.map((s) => s.id).sort(byId);
      if (raw === undefined) {
        const summaries: ExportSummary[] = await Promise.all(
          parts.map((part) => part.exportSummary?.(userId, surveys) ?? Promise.resolve({})),
        );
        return {
          ...Object.assign({}, emptyPage, ...summaries),
          progress: { surveysDone: 0, surveysTotal: ids.length },
          nextCursor: ids[0] ? encodeCursor({ s: ids[0] }) : null,
        };
      }
      const cursor = decodeCursor(raw);
      const index = ids.indexOf(cursor.s);
      if (index < 0) throw invalidCursor();
      const following = ids[index + 1];
      const lists = await listsOf(userId, cursor.s);
      // A cursor without a list starts the survey at its first one.
      const at = cursor.p === undefined ? 0 : lists.findIndex((x) => x.p === cursor.p && x.l === cursor.l);
      if (at < 0 || (cursor.p === undefined && cursor.l !== undefined)) throw invalidCursor();
      const list = lists[at];
      const { page, next }: ExportSlice = list
        ? await list.exporter.page(userId, cursor.s, list.l, cursor.a ?? undefined, pageSize)
        : { page: {}, next: null };
      const nextList = lists[at + 1];
      const nextCursor: Cursor | null =
        list && next
          ? { s: cursor.s, p: list.p, l: list.l, a: next }
          : nextList
            ? { s: cursor.s, p: nextList.p, l: nextList.l }
            : following
              ? { s: following }
              : null;
      return {
        ...emptyPage,
        ...page,
        progress: { surveysDone: nextCursor?.s === cursor.s ? index : index + 1, surveysTotal: ids.length },
        nextCursor: nextCursor && encodeCursor(nextCursor),
      };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;

import * as z from 'zod';
import { accountExportPageSize, type AccountExportPage, type Payment } from '@reviewroute/shared';
import { ApiError } from '../../lib/api-error';
import type { BillingRecord } from '../../data/billing-repository';
import type { ProfileRepository } from '../../data/profile-repository';
import type { ResponseStore } from '../../data/response-store';
import type { SurveyRepository } from '../../data/survey-repository';
import type { ReviewRequestStore } from '../../data/review-requests';
import type { InvoiceRepository } from '../../data/invoice-repository';
import { toApiBatch, toApiRecipient } from '../requests/service';
import { toApiHook } from '../requests/hook-service';

export interface ExportServiceDeps {
  profiles: Pick<ProfileRepository, 'get'>;
  surveys: Pick<SurveyRepository, 'listByOwner'>;
  /** The billing history (absent: none is exported). */
  billing?: { listForUser(userId: string): Promise<BillingRecord[]> } | undefined;
  /** The invoices of the paid payments (absent: none are exported). */
  invoices?: Pick<InvoiceRepository, 'listByOwner'> | undefined;
  responses: Pick<ResponseStore, 'pageBySurvey'>;
  /** Review requests: batches, their customers, the suppression list, the surveys' webhooks. */
  requests: Pick<ReviewRequestStore, 'listBatchesBySurvey' | 'pageRecipients' | 'listSuppressions' | 'getHook'>;
  pageSize?: number;
}

/**
 * Where the export is: the survey whose responses come next, after which response id; or, once its responses
 * are done (`b`), its review-request batch whose customers come next, after which row (`a`).
 */
const cursorSchema = z.object({
  s: z.string().min(1).max(64),
  a: z.string().min(1).max(64).nullable(),
  b: z.string().min(1).max(64).optional(),
});
type Cursor = z.infer<typeof cursorSchema>;

const encodeCursor = (cursor: Cursor): string => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(raw: string): Cursor {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
  } catch {
    throw new ApiError('BAD_REQUEST', 'Invalid export cursor');
  }
}

const toPayment = ({ userId: _userId, ...payment }: BillingRecord): Payment => payment;

/**
 * "Download my data" (decisions 14), one bounded page per call: the first page holds the profile, the
 * surveys, the billing history, the review-request batches and the suppression list; every later page holds
 * up to `pageSize` responses of one survey, read in id order after the cursor, or after them, up to `pageSize`
 * customers of one of its review-request batches. The cursor names a survey of the caller only: any
 * other is refused, so nobody pages through another owner's responses.
 */
export function createExportService(deps: ExportServiceDeps) {
  const pageSize = deps.pageSize ?? accountExportPageSize;

  const surveyIdsOf = async (userId: string) =>
    (await deps.surveys.listByOwner(userId)).map((s) => s.id).sort((a, b) => (a < b ? -1 : 1));

  return {
    /** `raw`: the cursor the previous page answered (none for the first page). */
    async page(userId: string, raw: string | undefined): Promise<AccountExportPage> {
      if (raw === undefined) {
        const [profile, surveys, payments, suppressions, invoices] = await Promise.all([
          deps.profiles.get(userId),
          deps.surveys.listByOwner(userId),
          deps.billing ? deps.billing.listForUser(userId) : Promise.resolve([]),
          deps.requests.listSuppressions(userId),
          deps.invoices ? deps.invoices.listByOwner(userId) : Promise.resolve([]),
        ]);
        const ids = surveys.map((s) => s.id).sort((a, b) => (a < b ? -1 : 1));
        const batches = (await Promise.all(ids.map((id) => deps.requests.listBatchesBySurvey(userId, id)))).flat();
        const hooks = await Promise.all(ids.map((id) => deps.requests.getHook(id)));
        return {
          profile: profile ?? null,
          surveys,
          payments: payments.map(toPayment),
          invoices,
          requestBatches: batches.map(toApiBatch),
          suppressions,
          requestHooks: hooks.filter((h) => h?.userId === userId).map((h) => toApiHook(h!)),
          requestRecipients: [],
          responses: [],
          progress: { surveysDone: 0, surveysTotal: ids.length },
          nextCursor: ids[0] ? encodeCursor({ s: ids[0], a: null }) : null,
        };
      }
      const cursor = decodeCursor(raw);
      const ids = await surveyIdsOf(userId);
      const index = ids.indexOf(cursor.s);
      if (index < 0) throw new ApiError('BAD_REQUEST', 'Invalid export cursor');
      const following = ids[index + 1];
      const batchIdsOf = async (surveyId: string) =>
        (await deps.requests.listBatchesBySurvey(userId, surveyId)).map((b) => b.id).sort((x, y) => (x < y ? -1 : 1));
      /** Where the survey's part ends: its first batch's customers, else the next survey. */
      const afterResponses = async (): Promise<Cursor | null> => {
        const [first] = await batchIdsOf(cursor.s);
        if (first) return { s: cursor.s, a: null, b: first };
        return following ? { s: following, a: null } : null;
      };
      const empty = {
        profile: null,
        surveys: [],
        payments: [],
        invoices: [],
        requestBatches: [],
        suppressions: [],
        requestHooks: [],
      };
      if (cursor.b === undefined) {
        const { items, next } = await deps.responses.pageBySurvey(cursor.s, cursor.a ?? undefined, pageSize);
        const nextCursor = next ? { s: cursor.s, a: next } : await afterResponses();
        return {
          ...empty,
          responses: items,
          requestRecipients: [],
          progress: { surveysDone: nextCursor?.s === cursor.s ? index : index + 1, surveysTotal: ids.length },
          nextCursor: nextCursor && encodeCursor(nextCursor),
        };
      }
      const batches = await batchIdsOf(cursor.s);
      const at = batches.indexOf(cursor.b);
      if (at < 0) throw new ApiError('BAD_REQUEST', 'Invalid export cursor');
      const { items, next } = await deps.requests.pageRecipients(cursor.b, cursor.a ?? undefined, pageSize);
      const nextBatch = batches[at + 1];
      const nextCursor: Cursor | null = next
        ? { s: cursor.s, a: next, b: cursor.b }
        : nextBatch
          ? { s: cursor.s, a: null, b: nextBatch }
          : following
            ? { s: following, a: null }
            : null;
      return {
        ...empty,
        responses: [],
        // The owner's own view of each customer, with the batch it belongs to: never its secret or marks.
        requestRecipients: items.map((r) => ({ batchId: r.batchId, ...toApiRecipient(r) })),
        progress: { surveysDone: nextCursor?.s === cursor.s ? index : index + 1, surveysTotal: ids.length },
        nextCursor: nextCursor && encodeCursor(nextCursor),
      };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;

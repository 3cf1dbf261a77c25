import * as z from 'zod';
import { accountExportPageSize, type AccountExportPage, type Payment } from '@reviewroute/shared';
import { ApiError } from '../../lib/api-error';
import type { BillingRecord, ProfileRepository, ResponseStore, SurveyRepository } from '../../data/repositories';

export interface ExportServiceDeps {
  profiles: Pick<ProfileRepository, 'get'>;
  surveys: Pick<SurveyRepository, 'listByOwner'>;
  /** The billing history (absent: none is exported). */
  billing?: { listForUser(userId: string): Promise<BillingRecord[]> } | undefined;
  responses: Pick<ResponseStore, 'pageBySurvey'>;
  pageSize?: number;
}

/** Where the export is: the survey whose responses come next, after which response id. */
const cursorSchema = z.object({ s: z.string().min(1).max(64), a: z.string().min(1).max(64).nullable() });
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
 * surveys and the billing history (a few items each); every later page holds up to `pageSize` responses
 * of one survey, read in id order after the cursor. The cursor names a survey of the caller only: any
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
        const [profile, surveys, payments] = await Promise.all([
          deps.profiles.get(userId),
          deps.surveys.listByOwner(userId),
          deps.billing ? deps.billing.listForUser(userId) : Promise.resolve([]),
        ]);
        const ids = surveys.map((s) => s.id).sort((a, b) => (a < b ? -1 : 1));
        return {
          profile: profile ?? null,
          surveys,
          payments: payments.map(toPayment),
          responses: [],
          progress: { surveysDone: 0, surveysTotal: ids.length },
          nextCursor: ids[0] ? encodeCursor({ s: ids[0], a: null }) : null,
        };
      }
      const cursor = decodeCursor(raw);
      const ids = await surveyIdsOf(userId);
      const index = ids.indexOf(cursor.s);
      if (index < 0) throw new ApiError('BAD_REQUEST', 'Invalid export cursor');
      const { items, next } = await deps.responses.pageBySurvey(cursor.s, cursor.a ?? undefined, pageSize);
      const following = ids[index + 1];
      const nextCursor = next
        ? encodeCursor({ s: cursor.s, a: next })
        : following
          ? encodeCursor({ s: following, a: null })
          : null;
      return {
        profile: null,
        surveys: [],
        payments: [],
        responses: items,
        progress: { surveysDone: next ? index : index + 1, surveysTotal: ids.length },
        nextCursor,
      };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;

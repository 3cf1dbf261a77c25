import { useMutation } from '@tanstack/react-query';
import { type AccountDeleteInput, type AccountExport, type AccountExportPage } from '@reviewroute/shared';
import { call } from '@/lib/api-client';

/** How far a download is: surveys whose responses were fully read, of all, and responses so far. */
export interface ExportProgress {
  surveysDone: number;
  surveysTotal: number;
  responses: number;
}

/**
 * "Download my data": reads the export page by page until `nextCursor` is null (each page is
 * small, so a large account works) and assembles one document, each survey with its responses, each
 * review-request batch with its customers.
 */
export async function exportAccount(
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<AccountExport> {
  const pages: AccountExportPage[] = [];
  let cursor: string | null = null;
  let responses = 0;
  do {
    const page: AccountExportPage = await call('export-account', { query: { cursor: cursor ?? undefined }, signal });
    pages.push(page);
    responses += page.responses.length;
    onProgress({ ...page.progress, responses });
    cursor = page.nextCursor;
  } while (cursor);
  const [first] = pages;
  const bySurvey = new Map<string, AccountExport['surveys'][number]['responses']>();
  for (const response of pages.flatMap((p) => p.responses)) {
    const list = bySurvey.get(response.surveyId) ?? [];
    list.push(response);
    bySurvey.set(response.surveyId, list);
  }
  const byBatch = new Map<string, AccountExportPage['requestRecipients']>();
  for (const recipient of pages.flatMap((p) => p.requestRecipients)) {
    const list = byBatch.get(recipient.batchId) ?? [];
    list.push(recipient);
    byBatch.set(recipient.batchId, list);
  }
  return {
    exportedAt: new Date().toISOString(),
    profile: first?.profile ?? null,
    surveys: (first?.surveys ?? []).map((survey) => ({ ...survey, responses: bySurvey.get(survey.id) ?? [] })),
    billingHistory: first?.payments ?? [],
    invoices: first?.invoices ?? [],
    reviewRequests: {
      batches: (first?.requestBatches ?? []).map((batch) => ({ ...batch, recipients: byBatch.get(batch.id) ?? [] })),
      suppressions: first?.suppressions ?? [],
      hooks: first?.requestHooks ?? [],
    },
  };
}

/**
 * Deletes the account, with the typed e-mail and the password (the API checks it with Cognito); sign-in is
 * refused from the moment it answers.
 */
export const useDeleteAccount = () =>
  useMutation({ mutationFn: (body: AccountDeleteInput) => call('delete-account', { body }) });

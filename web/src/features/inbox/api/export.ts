import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ExportJob, InboxFilter, Language } from '@reviewroute/shared';
import { call } from '@/lib/api-client';

/** One export job's status; never shared with another reader, so the key lives beside its only caller. */
export const exportKeys = {
  status: (surveyId: string, exportId: string) => ['exports', surveyId, exportId] as const,
};

/** How often a running export is asked for its progress. */
export const exportPollMs = 1000;

const isRunning = (job: ExportJob | undefined) => !job || job.state === 'queued' || job.state === 'running';

/**
 * Starts a CSV export of the survey's responses (as `filter` narrows them, if given) in `language`, the page's:
 * the file's headers, values and separator follow it. Answers the job's id.
 */
export const useStartExport = (surveyId: string) =>
  useMutation({
    mutationFn: ({ filter, language }: { filter: InboxFilter | undefined; language: Language }) =>
      call('start-export', { params: { surveyId }, body: filter ? { filter, language } : { language } }),
  });

export const exportStatusQueryOptions = (surveyId: string, exportId: string) =>
  queryOptions({
    queryKey: exportKeys.status(surveyId, exportId),
    queryFn: ({ signal }) => call('get-export', { params: { surveyId, exportId }, signal }),
    // Polled while the worker writes the file; a finished job's link is short-lived, so it is never reused later.
    refetchInterval: (query) => (isRunning(query.state.data) ? exportPollMs : false),
    staleTime: 0,
    gcTime: 0,
  });

/** The job's progress (rows written) and, once done, its download link; idle without a job. */
export const useExportStatus = (surveyId: string, exportId: string | undefined) =>
  useQuery({ ...exportStatusQueryOptions(surveyId, exportId ?? ''), enabled: Boolean(exportId) });

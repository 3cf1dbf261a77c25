import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertCircle, Download, Loader2, RotateCw } from 'lucide-react';
import type { InboxFilter } from '@reviewroute/shared';
import { Button } from '@/components/ui/button';
import { ApiError, type ApiErrorCode } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { useLanguage } from '@/lib/use-language';
import { cn } from '@/lib/utils';
import { useExportStatus, useStartExport } from '../api/export';

/** The refusals of a start that say more than "failed". */
const refusalCodes = new Set<ApiErrorCode>(['EXPORT_RUNNING', 'EXPORT_LIMIT_REACHED']);

export interface ExportButtonProps {
  surveyId: string;
  /** The inbox's filter: the file holds what the owner sees. Absent: every response. */
  filter?: InboxFilter;
}

/**
 * "Export CSV": starts an export job, shows its progress while the worker writes the file, then hands the
 * browser the short-lived download link (and keeps a link to it, in case the browser blocked the download).
 */
export function ExportButton({ surveyId, filter }: ExportButtonProps) {
  const { t, i18n } = useTranslation('dashboard');
  const { t: tErrors } = useTranslation('errors');
  // The file is in the language of the page it is started from, whatever the account's language.
  const language = useLanguage();
  const start = useStartExport(surveyId);
  const [exportId, setExportId] = useState<string>();
  const status = useExportStatus(surveyId, exportId);
  const downloaded = useRef<string | undefined>(undefined);
  const job = status.data;

  useEffect(() => {
    if (job?.state === 'done' && job.downloadUrl && downloaded.current !== job.id) {
      downloaded.current = job.id;
      // The file's own Content-Disposition names it (the link is on another origin, where `download` is ignored).
      saveFile(job.downloadUrl, 'responses.csv');
    }
  }, [job]);

  const failed = start.isError || status.isError || job?.state === 'failed';
  // A start refused for a reason of its own (another export of the survey runs, the hour's exports are used)
  // says that reason instead of "failed".
  const refusal = start.error instanceof ApiError && refusalCodes.has(start.error.code) ? start.error.code : undefined;
  const running =
    start.isPending ||
    (exportId !== undefined && !failed && (!job || job.state === 'queued' || job.state === 'running'));
  const rows = job ? job.rows.toLocaleString(i18n.language) : '0';

  const onClick = () => {
    setExportId(undefined);
    start.mutate({ filter, language }, { onSuccess: ({ id }) => setExportId(id) });
  };

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button type="button" variant="outline" onClick={onClick} disabled={running} aria-busy={running}>
        {running ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
        {t('csvExport.button')}
      </Button>
      {/* The live region holds only words, so each state is announced once, without the retry button's name. */}
      <p
        className={cn('text-sm', failed ? 'text-destructive flex items-center gap-1' : 'text-muted-foreground')}
        role="status"
        aria-live="polite"
        data-testid="export-status"
      >
        {failed ? (
          <>
            <AlertCircle className="size-4 shrink-0" aria-hidden />
            {refusal ? tErrors(`api.${refusal}`) : t('csvExport.failed')}
          </>
        ) : start.isPending || (exportId && !job) ? (
          t('csvExport.starting')
        ) : running ? (
          t('csvExport.progress', { count: job?.rows ?? 0, rows })
        ) : job?.state === 'done' && job.downloadUrl ? (
          t('csvExport.ready', { count: job.rows, rows })
        ) : null}
        {!failed && !running && job?.state === 'done' && job.downloadUrl ? (
          <>
            {' '}
            <a className="text-foreground underline" href={job.downloadUrl}>
              {t('csvExport.download')}
            </a>
          </>
        ) : null}
      </p>
      {/* Trying again at once cannot pass the hour's limit: no retry offered then. */}
      {failed && refusal !== 'EXPORT_LIMIT_REACHED' ? (
        <Button type="button" variant="link" size="sm" className="h-auto px-0" onClick={onClick}>
          <RotateCw aria-hidden />
          {t('csvExport.retry')}
        </Button>
      ) : null}
    </div>
  );
}

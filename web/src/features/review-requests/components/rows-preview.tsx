import { AlertTriangle, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhoneNumber, maxRequestRows, requestChannelsOf } from '@reviewroute/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { type CheckedRow, rowErrorValues, rowFields } from '../lib/customer-rows';
import { useRowError } from '../lib/use-row-error';

/** How a ready customer will be asked (`requestChannelsOf`): by text, by e-mail, or by text with the reminder by e-mail. */
function channelOf(row: { email?: string | undefined; phone?: string | undefined }): 'sms' | 'email' | 'smsThenEmail' {
  const { request, reminder } = requestChannelsOf({ email: row.email ?? null, phone: row.phone ?? null });
  return request === reminder ? request : 'smsThenEmail';
}

/** Rows shown before "Show all": a 5,000-row list is summed up, not rendered at once. */
const previewRows = 50;

/**
 * The customers about to be asked: how many pass, each row that does not with its errors (translated from the
 * shared schema's messages), and the list itself. Rows with errors are left out of the send.
 */
export function RowsPreview({ rows, onRemove }: { rows: CheckedRow[]; onRemove: (key: string) => void }) {
  const { t } = useTranslation('requests');
  const errorOf = useRowError();
  const [showAll, setShowAll] = useState(false);
  const invalid = rows.filter((r) => !r.value);
  const valid = rows.filter((r) => r.value);
  const shown = showAll ? valid : valid.slice(0, previewRows);
  if (rows.length === 0) return <p className="text-muted-foreground text-sm">{t('preview.empty')}</p>;
  return (
    <div className="grid gap-4" data-testid="rows-preview">
      <p role="status" className="text-sm">
        <strong>{t('preview.ready', { count: valid.length })}</strong>
        {invalid.length > 0 && <> · {t('preview.invalid', { count: invalid.length })}</>}
      </p>
      {valid.length > maxRequestRows && (
        <p className="text-destructive text-sm">{t('rowErrors.tooManyRows', rowErrorValues)}</p>
      )}
      {invalid.length > 0 && (
        <section aria-labelledby="rows-errors-title" className="border-destructive/40 grid gap-2 rounded-md border p-3">
          <h3 id="rows-errors-title" className="text-destructive flex items-center gap-2 text-sm font-medium">
            <AlertTriangle aria-hidden="true" className="size-4" />
            {t('preview.errorsTitle')}
          </h3>
          <ul className="grid gap-2" data-testid="row-errors">
            {invalid.slice(0, 200).map((row) => (
              <li key={row.key} className="flex items-start justify-between gap-2 text-sm">
                <div className="min-w-0">
                  <p className="font-medium wrap-anywhere">
                    {row.line ? t('preview.line', { line: row.line }) : t('preview.typed')}:{' '}
                    <span className="text-muted-foreground font-normal">
                      {[row.draft.name, row.draft.email, row.draft.phone, row.draft.language]
                        .map((cell) => cell.trim())
                        .filter(Boolean)
                        .join(', ') || t('preview.blank')}
                    </span>
                  </p>
                  <ul className="text-destructive">
                    {rowFields.map(
                      (field) =>
                        row.errors[field] && (
                          <li key={field}>
                            {t(`fields.${field}`)}: {errorOf(row.errors[field])}
                          </li>
                        ),
                    )}
                  </ul>
                </div>
                <RemoveButton
                  label={t('preview.remove', { name: row.draft.name || row.draft.email || row.draft.phone })}
                  onClick={() => onRemove(row.key)}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
      {valid.length > 0 && (
        <ul className="divide-y rounded-md border" aria-label={t('preview.listLabel')} data-testid="ready-rows">
          {shown.map((row) => (
            <li key={row.key} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
              <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-0.5">
                <span className="font-medium wrap-anywhere">{row.value!.name}</span>
                {row.value!.email && <span className="text-muted-foreground break-all">{row.value!.email}</span>}
                {row.value!.phone && (
                  <span className="text-muted-foreground whitespace-nowrap">{formatPhoneNumber(row.value!.phone)}</span>
                )}
                <Badge variant="outline">
                  {row.value!.language ? t(`languages.${row.value!.language}`) : t('preview.surveyLanguage')}
                </Badge>
                <Badge variant="secondary" data-testid="row-channel">
                  {t(`preview.channels.${channelOf(row.value!)}`)}
                </Badge>
              </div>
              <RemoveButton label={t('preview.remove', { name: row.value!.name })} onClick={() => onRemove(row.key)} />
            </li>
          ))}
        </ul>
      )}
      {valid.length > shown.length && (
        <Button type="button" variant="link" className="w-fit px-0" onClick={() => setShowAll(true)}>
          {t('preview.showAll', { count: valid.length })}
        </Button>
      )}
    </div>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button type="button" variant="ghost" size="icon" className="size-8 shrink-0" aria-label={label} onClick={onClick}>
      <X aria-hidden="true" />
    </Button>
  );
}

import { FileUp, ListPlus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { type ColumnMapping, parseTable, type ParsedTable, rowFields, type RowField } from '../lib/customer-rows';

/** A CSV larger than this is not a customer list (5,000 rows of name, address and language fit in well under 2 MB). */
const maxFileBytes = 5 * 1024 * 1024;

/** Pastes a list: one customer a line, as "name, email, phone, language" (or separated by tabs or semicolons). */
export function PasteCustomers({ onTable }: { onTable: (table: ParsedTable) => void }) {
  const { t } = useTranslation('requests');
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const read = () => {
    const table = parseTable(text);
    if (table.rows.length === 0) {
      setError(t('paste.empty'));
      return;
    }
    setError('');
    onTable(table);
    setText('');
  };
  return (
    <div className="grid gap-3">
      <Label htmlFor={`${id}-list`}>{t('paste.label')}</Label>
      <Textarea
        id={`${id}-list`}
        rows={6}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        placeholder={t('paste.placeholder')}
        className="font-mono text-sm"
      />
      <p id={`${id}-help`} className="text-muted-foreground text-xs">
        {t('paste.help')}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      )}
      <Button type="button" variant="outline" className="w-fit" onClick={read}>
        <ListPlus aria-hidden="true" />
        {t('paste.submit')}
      </Button>
    </div>
  );
}

/** Uploads a CSV file; papaparse reads it in the browser, so nothing is sent before the owner confirms. */
export function UploadCustomers({ onTable }: { onTable: (table: ParsedTable, fileName: string) => void }) {
  const { t } = useTranslation('requests');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState('');
  const read = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > maxFileBytes) {
      setError(t('upload.tooLarge'));
      return;
    }
    const table = parseTable(await file.text());
    if (table.rows.length === 0) {
      setError(t('upload.empty'));
      return;
    }
    setError('');
    onTable(table, file.name);
    // The same file may be chosen again after the owner fixed it.
    if (input.current) input.current.value = '';
  };
  return (
    <div className="grid gap-3">
      <Label htmlFor={`${id}-file`}>{t('upload.label')}</Label>
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept=".csv,.txt,text/csv,text/plain"
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => void read(e.target.files?.[0])}
        className="file:bg-secondary file:text-secondary-foreground border-input w-full max-w-md rounded-md border p-1.5 text-sm file:mr-3 file:rounded file:border-0 file:px-3 file:py-1.5 file:text-sm file:font-medium"
      />
      <p id={`${id}-help`} className="text-muted-foreground flex items-start gap-1.5 text-xs">
        <FileUp aria-hidden="true" className="mt-px size-3.5 shrink-0" />
        {t('upload.help')}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}

const none = 'none';

/** Which column holds the name, the address, the number and the language: guessed from the header, changeable by the owner. */
export function ColumnMappingFields({
  table,
  mapping,
  onChange,
}: {
  table: ParsedTable;
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
}) {
  const { t } = useTranslation('requests');
  const id = useId();
  const label = (index: number) =>
    table.hasHeader
      ? table.headers[index]
      : t('mapping.column', { number: index + 1, sample: table.rows[0]?.[index] ?? '' });
  const set = (field: RowField, value: string) =>
    onChange({ ...mapping, [field]: value === none ? null : Number(value) });
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">{t('mapping.legend')}</legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {rowFields.map((field) => (
          <div key={field} className="grid gap-2">
            <Label htmlFor={`${id}-${field}`}>{t(`fields.${field}`)}</Label>
            <Select
              value={mapping[field] === null ? none : String(mapping[field])}
              onValueChange={(v) => set(field, v)}
            >
              <SelectTrigger id={`${id}-${field}`} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={none}>
                  {field === 'language' ? t('mapping.surveyLanguage') : t('mapping.none')}
                </SelectItem>
                {table.headers.map((_, index) => (
                  <SelectItem key={index} value={String(index)}>
                    {label(index)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

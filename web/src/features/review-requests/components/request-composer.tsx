import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { maxRequestRows, requestUploadRateLimit, type Language, type RequestRecipientRow } from '@reviewroute/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api-client';
import { apiErrorMessageKey } from '@/lib/api-errors';
import { useCreateRequestBatch } from '../api/create-request-batch';
import {
  type CheckedRow,
  type ColumnMapping,
  type ParsedTable,
  messageKeyOf,
  rowErrorValues,
  rowsOfTable,
} from '../lib/customer-rows';
import { AddCustomerForm } from './add-customer-form';
import { ColumnMappingFields, PasteCustomers, UploadCustomers } from './import-customers';
import { RowsPreview } from './rows-preview';
import { SendForm, type SendSettings } from './send-form';

interface Imported {
  table: ParsedTable;
  mapping: ColumnMapping;
  /** The file's name, or null for a pasted list. */
  fileName: string | null;
}

let typedKey = 0;

/** The three ways to gather customers, in the order of their tabs. */
const customerTabs = ['one', 'paste', 'upload'] as const;

/**
 * Gathers a batch (typed, pasted or uploaded customers, previewed with their errors) and sends it with the
 * owner's permission, text and time. Only rows that pass the shared schema are sent.
 */
export function RequestComposer({
  surveyId,
  businessName,
  landingPageUrl,
  surveyLanguage,
  onSent,
}: {
  surveyId: string;
  businessName: string;
  landingPageUrl: string;
  surveyLanguage: Language;
  /** After a batch was recorded: the page shows it. */
  onSent: () => void;
}) {
  const { t } = useTranslation(['requests', 'errors']);
  const [typed, setTyped] = useState<CheckedRow[]>([]);
  const [imported, setImported] = useState<Imported | null>(null);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const create = useCreateRequestBatch(surveyId);

  const importedRows = useMemo(() => (imported ? rowsOfTable(imported.table, imported.mapping) : []), [imported]);
  const rows = useMemo(
    () => [...typed, ...importedRows].filter((row) => !removed.has(row.key)),
    [typed, importedRows, removed],
  );
  const ready = rows.filter((row) => row.value);
  const full = ready.length >= maxRequestRows;

  const addTyped = (row: RequestRecipientRow) => {
    typedKey += 1;
    setTyped((current) => [
      ...current,
      {
        key: `typed-${typedKey}`,
        draft: { name: row.name, email: row.email ?? '', phone: row.phone ?? '', language: row.language ?? '' },
        value: row,
        errors: {},
      },
    ]);
    setError(null);
  };
  const importTable = (table: ParsedTable, fileName: string | null) => {
    // A new list replaces the previous one: importing the same file twice must not double it.
    setImported({ table, mapping: table.mapping, fileName });
    setRemoved((current) => new Set([...current].filter((key) => !key.startsWith('line-'))));
    setError(null);
  };
  const remove = (key: string) => setRemoved((current) => new Set([...current, key]));

  const send = async (settings: SendSettings): Promise<boolean> => {
    if (ready.length === 0) {
      setError(t('rowErrors.rowsRequired'));
      return false;
    }
    if (ready.length > maxRequestRows) {
      setError(t('rowErrors.tooManyRows', rowErrorValues));
      return false;
    }
    setError(null);
    try {
      const batch = await create.mutateAsync({
        rows: ready.map((row) => row.value!),
        permissionConfirmed: true,
        ...settings,
      });
      setTyped([]);
      setImported(null);
      setRemoved(new Set());
      onSent();
      toast.success(
        settings.sendAt
          ? t('send.scheduledToast', { count: batch.total })
          : t('send.sentToast', { count: batch.total }),
      );
      return true;
    } catch (failure) {
      const templateError =
        failure instanceof ApiError ? (failure.fields?.template ?? failure.fields?.smsTemplate) : undefined;
      setError(
        failure instanceof ApiError && failure.status === 409
          ? t('send.notPublished')
          : failure instanceof ApiError && failure.code === 'RATE_LIMITED'
            ? t('send.tooFast', { limit: requestUploadRateLimit.limit })
            : templateError
              ? t(`rowErrors.${messageKeyOf(templateError)}`, rowErrorValues)
              : t(`errors:${apiErrorMessageKey(failure)}`),
      );
      return false;
    }
  };

  const previewCustomer = ready[0]?.value
    ? { name: ready[0].value.name, language: ready[0].value.language ?? surveyLanguage }
    : null;

  return (
    <div className="grid min-w-0 gap-4 md:gap-6">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>
            <h2 className="text-lg">{t('customers.title')}</h2>
          </CardTitle>
          <CardDescription>{t('customers.description', { max: maxRequestRows })}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <Tabs defaultValue="one" className="min-w-0">
            <TabsList className="h-auto min-h-9 w-full sm:w-fit">
              {customerTabs.map((tab) => (
                <TabsTrigger key={tab} value={tab} className="whitespace-normal sm:whitespace-nowrap">
                  {t(`customers.tabs.${tab}`)}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="one" className="pt-4">
              <AddCustomerForm defaultLanguage={surveyLanguage} onAdd={addTyped} full={full} />
            </TabsContent>
            <TabsContent value="paste" className="pt-4">
              <PasteCustomers onTable={(table) => importTable(table, null)} />
            </TabsContent>
            <TabsContent value="upload" className="pt-4">
              <UploadCustomers onTable={importTable} />
            </TabsContent>
          </Tabs>
          {imported && (
            <div className="grid gap-3 rounded-md border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm font-medium">
                  {imported.fileName
                    ? t('mapping.fromFile', { name: imported.fileName, count: imported.table.rows.length })
                    : t('mapping.fromPaste', { count: imported.table.rows.length })}
                </p>
                <Button type="button" variant="ghost" size="sm" onClick={() => setImported(null)}>
                  {t('mapping.discard')}
                </Button>
              </div>
              <ColumnMappingFields
                table={imported.table}
                mapping={imported.mapping}
                onChange={(mapping) => setImported({ ...imported, mapping })}
              />
            </div>
          )}
          <RowsPreview rows={rows} onRemove={remove} />
        </CardContent>
      </Card>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>
            <h2 className="text-lg">{t('send.title')}</h2>
          </CardTitle>
          <CardDescription>{t('send.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <SendForm
            businessName={businessName}
            landingPageUrl={landingPageUrl}
            surveyLanguage={surveyLanguage}
            previewCustomer={previewCustomer}
            readyCount={ready.length}
            busy={create.isPending}
            error={error}
            onSend={send}
          />
        </CardContent>
      </Card>
    </div>
  );
}

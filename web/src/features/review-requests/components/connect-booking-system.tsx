import { Check, Copy, KeyRound, Loader2, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { defaultHookDelayMinutes, formatDateTime, requestHookPathOf } from '@reviewroute/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useCopyButton } from '@/hooks/use-copy-button';
import { useLanguage } from '@/lib/use-language';
import { useRegenerateRequestHook, useRequestHook, useUpdateRequestHook } from '../api/request-hook';

/** The delays an owner picks from (minutes): right away to a week. */
const delayChoices = [0, 30, 60, 120, 240, 1440, 2880, 4320, 10080] as const;
type DelayChoice = (typeof delayChoices)[number];
const isDelayChoice = (minutes: number): minutes is DelayChoice =>
  (delayChoices as readonly number[]).includes(minutes);

/** The call a booking system makes, ready to paste into a terminal. */
export const curlExampleOf = (url: string) =>
  [
    `curl -X POST '${url}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"name":"Anna de Vries","email":"anna@example.com","phone":"06 12345678","language":"nl","externalId":"booking-1042"}'`,
  ].join('\n');

/**
 * "Connect your booking system": the survey's secret webhook URL. The owner makes it (confirming their customers'
 * permission, as for a send), picks the delay, and copies the URL and a curl example; the URL is shown only in
 * the answer that made it (the API keeps its hash), so later visits offer to replace it instead.
 */
export function ConnectBookingSystem({ surveyId }: { surveyId: string }) {
  const { t } = useTranslation('requests');
  const language = useLanguage();
  const id = useId();
  const hook = useRequestHook(surveyId);
  const regenerate = useRegenerateRequestHook(surveyId);
  const update = useUpdateRequestHook(surveyId);
  const [draftDelay, setDraftDelay] = useState<number>(defaultHookDelayMinutes);
  const [permission, setPermission] = useState(false);
  const [permissionError, setPermissionError] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [token, setToken] = useState<string>();

  const existing = hook.data ?? null;
  const delay = existing ? existing.delayMinutes : draftDelay;
  const url = token ? `${window.location.origin}${requestHookPathOf(token)}` : undefined;
  const dateOf = (iso: string) => formatDateTime(iso, language);

  const delayLabel = (minutes: number): string =>
    isDelayChoice(minutes) ? t(`hook.delays.${minutes}`) : t('hook.delays.custom', { count: minutes });

  const make = () => {
    if (!permission) {
      setPermissionError(true);
      return;
    }
    regenerate.mutate(existing ? undefined : draftDelay, {
      onSuccess: (created) => {
        setToken(created.token);
        setConfirming(false);
        setPermission(false);
      },
      onError: () => {
        setConfirming(false);
        toast.error(t('hook.failed'));
      },
    });
  };

  const changeDelay = (value: string) => {
    const minutes = Number(value);
    if (!existing) {
      setDraftDelay(minutes);
      return;
    }
    update.mutate(minutes, {
      onSuccess: () => toast.success(t('hook.saved')),
      onError: () => toast.error(t('hook.saveFailed')),
    });
  };

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{t('hook.title')}</h2>
        </CardTitle>
        <CardDescription>{t('hook.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {hook.isPending ? (
          <div role="status">
            <span className="sr-only">{t('hook.loading')}</span>
            <Skeleton className="h-24" />
          </div>
        ) : hook.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {t('hook.loadFailed')}
          </p>
        ) : (
          <>
            <div className="grid max-w-sm gap-2">
              <Label htmlFor={`${id}-delay`}>{t('hook.delay')}</Label>
              <Select value={String(delay)} onValueChange={changeDelay} disabled={update.isPending}>
                <SelectTrigger id={`${id}-delay`} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {[...new Set([...delayChoices, delay])]
                    .sort((a, b) => a - b)
                    .map((minutes) => (
                      <SelectItem key={minutes} value={String(minutes)}>
                        {delayLabel(minutes)}
                      </SelectItem>
                    ))}
                </SelectContent>
              </Select>
              <p className="text-muted-foreground text-sm">{t('hook.rules')}</p>
            </div>

            {url ? (
              <SecretUrl url={url} />
            ) : (
              existing && (
                <p className="text-muted-foreground text-sm">
                  {t('hook.hidden', { date: dateOf(existing.tokenCreatedAt) })}
                </p>
              )
            )}

            <div className="grid gap-2">
              <div className="flex items-start gap-3">
                <Checkbox
                  id={`${id}-permission`}
                  className="mt-0.5"
                  checked={permission}
                  onCheckedChange={(checked) => {
                    setPermission(checked === true);
                    setPermissionError(false);
                  }}
                  aria-invalid={permissionError ? true : undefined}
                  aria-describedby={permissionError ? `${id}-permission-error` : undefined}
                />
                <Label htmlFor={`${id}-permission`} className="leading-snug font-normal">
                  {t('hook.permission')}
                </Label>
              </div>
              {permissionError && (
                <p id={`${id}-permission-error`} className="text-destructive text-sm">
                  {t('rowErrors.permissionRequired')}
                </p>
              )}
            </div>

            <div>
              {existing ? (
                <ConfirmDialog
                  open={confirming}
                  onOpenChange={setConfirming}
                  trigger={
                    <Button
                      type="button"
                      variant="outline"
                      onClick={(event) => {
                        if (!permission) {
                          event.preventDefault();
                          setPermissionError(true);
                        }
                      }}
                    >
                      <RefreshCw aria-hidden="true" />
                      {t('hook.regenerate')}
                    </Button>
                  }
                  title={t('hook.confirmTitle')}
                  description={t('hook.confirmDescription')}
                  cancelLabel={t('hook.cancel')}
                  confirmLabel={t('hook.confirm')}
                  onConfirm={make}
                  pending={regenerate.isPending}
                  pendingLabel={t('hook.working')}
                />
              ) : (
                <Button type="button" onClick={make} disabled={regenerate.isPending}>
                  {regenerate.isPending ? (
                    <Loader2 aria-hidden="true" className="animate-spin" />
                  ) : (
                    <KeyRound aria-hidden="true" />
                  )}
                  {t('hook.create')}
                </Button>
              )}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The new URL and the curl example, each with a copy button; shown once. */
function SecretUrl({ url }: { url: string }) {
  const { t } = useTranslation('requests');
  const id = useId();
  const urlCopy = useCopyButton();
  const curlCopy = useCopyButton();
  const curl = curlExampleOf(url);
  return (
    <div className="grid min-w-0 gap-3">
      <Alert>
        <AlertDescription>{t('hook.onceNote')}</AlertDescription>
      </Alert>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-url`}>{t('hook.urlLabel')}</Label>
        <div className="flex min-w-0 gap-2">
          <Input id={`${id}-url`} readOnly value={url} className="min-w-0 font-mono text-xs" data-testid="hook-url" />
          <Button type="button" variant="outline" onClick={() => void urlCopy.copy(url)}>
            {urlCopy.copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {urlCopy.copied ? t('hook.copied') : t('hook.copy')}
          </Button>
        </div>
      </div>
      <div className="grid min-w-0 gap-2">
        <p id={`${id}-curl`} className="text-sm font-medium">
          {t('hook.curlLabel')}
        </p>
        <pre
          aria-labelledby={`${id}-curl`}
          className="bg-muted overflow-x-auto rounded-md p-3 text-xs"
          data-testid="hook-curl"
        >
          {curl}
        </pre>
        <Button type="button" variant="outline" className="w-fit" onClick={() => void curlCopy.copy(curl)}>
          {curlCopy.copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {curlCopy.copied ? t('hook.copied') : t('hook.copyExample')}
        </Button>
        <p className="text-muted-foreground text-sm">{t('hook.fields')}</p>
      </div>
    </div>
  );
}

import { Download, Loader2, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { signOut } from 'aws-amplify/auth';
import { toast } from 'sonner';
import { confirmsEmail } from '@reviewroute/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { Separator } from '@/components/ui/separator';
import { ApiError } from '@/lib/api-client';
import { clearSession, useSession } from '@/lib/auth-session';
import { saveFile } from '@/lib/save-file';
import { useLocalizedPath } from '@/lib/use-language';
import { exportAccount, useDeleteAccount, type ExportProgress } from '../api/account-data';
import { DeletionPlanNotice } from './deletion-plan-notice';
import { SecondStepCodeField } from '../security/second-step-code-field';
import { useTotpEnabled } from '../security/use-mfa-preference';

/** Lets the browser save a JSON document as a file. */
function saveJson(value: unknown, fileName: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }));
  try {
    saveFile(url, fileName);
  } finally {
    // The click has handed the blob to the download already.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** One part of the danger zone: its heading, what it does, and its control. */
function DangerSection({
  id,
  title,
  description,
  destructive = false,
  children,
}: {
  id: string;
  title: string;
  description: string;
  destructive?: boolean;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-3" aria-labelledby={id}>
      <div>
        <h3 id={id} className={destructive ? 'text-destructive font-semibold' : 'font-semibold'}>
          {title}
        </h3>
        <p className="text-muted-foreground text-sm">{description}</p>
      </div>
      {children}
    </section>
  );
}

/** "Download my data": every page of the export, with the progress, saved as one JSON file. */
function DownloadData() {
  const { t } = useTranslation('account');
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    setProgress({ surveysDone: 0, surveysTotal: 0, responses: 0 });
    try {
      const document = await exportAccount(setProgress);
      saveJson(document, `reviewroute-data-${document.exportedAt.slice(0, 10)}.json`);
      toast.success(t('dangerTab.export.done'));
    } catch {
      toast.error(t('dangerTab.export.failed'));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  const percent =
    progress && progress.surveysTotal > 0 ? Math.round((progress.surveysDone / progress.surveysTotal) * 100) : 0;
  return (
    <DangerSection
      id="export-heading"
      title={t('dangerTab.export.title')}
      description={t('dangerTab.export.description')}
    >
      <div>
        <Button variant="outline" onClick={download} disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
          {busy ? t('dangerTab.export.busy') : t('dangerTab.export.button')}
        </Button>
      </div>
      {progress && (
        <div className="flex flex-col gap-1" role="status">
          <Progress value={percent} aria-label={t('dangerTab.export.progressLabel')} />
          <p className="text-muted-foreground text-sm">
            {t('dangerTab.export.progress', {
              done: progress.surveysDone,
              total: progress.surveysTotal,
              responses: progress.responses,
            })}
          </p>
        </div>
      )}
    </DangerSection>
  );
}

/**
 * "Delete account": the owner types their e-mail to confirm and their password (and, with two-step verification on,
 * a code or a recovery code) to prove it is them; then everything is erased and they are signed out.
 */
function DeleteAccount() {
  const { t } = useTranslation(['account', 'errors']);
  const ids = useId();
  const { user } = useSession();
  const email = user?.email ?? '';
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // Two-step verification on: the proof takes a code as well (the API refuses the password alone).
  const withCode = useTotpEnabled(user?.userId ?? '').data === true;
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const matches = confirmsEmail(typed, email);
  // The field is disabled while the request runs: it takes the focus back once it is enabled again.
  useEffect(() => {
    if (passwordError && !remove.isPending) passwordRef.current?.focus();
    else if (codeError && !remove.isPending) codeRef.current?.focus();
  }, [passwordError, codeError, remove.isPending]);

  const confirm = async () => {
    setPasswordError(null);
    setCodeError(null);
    try {
      await remove.mutateAsync({ email: typed, password, ...(withCode ? { code } : {}) });
    } catch (error) {
      // A wrong password or code is shown at its field, which takes the focus again; the dialog stays open.
      if (error instanceof ApiError && error.code === 'INCORRECT_PASSWORD') {
        setPasswordError(t('errors:api.INCORRECT_PASSWORD'));
        return;
      }
      if (error instanceof ApiError && error.code === 'INCORRECT_CODE' && withCode) {
        setCodeError(t('errors:api.INCORRECT_CODE'));
        return;
      }
      const message = error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : undefined;
      toast.error(t('dangerTab.delete.failed'), message ? { description: message } : undefined);
      return;
    }
    // The account is gone for Cognito already: only the local tokens are left to forget.
    await signOut().catch(() => undefined);
    clearSession(queryClient);
    queryClient.clear();
    toast.success(t('dangerTab.delete.done'));
    await navigate(to('/'), { replace: true });
  };

  return (
    <DangerSection
      id="delete-heading"
      title={t('dangerTab.delete.title')}
      description={t('dangerTab.delete.description')}
      destructive
    >
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          if (remove.isPending) return;
          setOpen(next);
          if (!next) {
            setTyped('');
            setPassword('');
            setPasswordError(null);
            setCode('');
            setCodeError(null);
          }
        }}
        trigger={
          <Button variant="destructive" className="w-fit">
            <Trash2 aria-hidden="true" />
            {t('dangerTab.delete.button')}
          </Button>
        }
        title={t('dangerTab.delete.dialogTitle')}
        description={t('dangerTab.delete.dialogDescription')}
        cancelLabel={t('dangerTab.delete.cancel')}
        confirmLabel={t('dangerTab.delete.confirm')}
        pendingLabel={t('dangerTab.delete.busy')}
        destructive
        confirmDisabled={!matches || password === '' || (withCode && code.trim() === '')}
        pending={remove.isPending}
        onConfirm={() => void confirm()}
      >
        <DeletionPlanNotice />
        {/* Decisions 24: what outlives the account, why and for how long, said before the owner confirms. */}
        <p className="text-muted-foreground text-sm" data-testid="delete-kept">
          {t('dangerTab.delete.kept')}
        </p>
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-email`}>{t('dangerTab.delete.emailLabel')}</Label>
          <p className="text-sm font-semibold break-all" id={`${ids}-expected`}>
            {email}
          </p>
          <Input
            id={`${ids}-email`}
            type="email"
            autoComplete="off"
            aria-describedby={`${ids}-expected`}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            disabled={remove.isPending}
          />
          <Label htmlFor={`${ids}-password`} className="mt-2">
            {t('dangerTab.delete.passwordLabel')}
          </Label>
          <Input
            ref={passwordRef}
            id={`${ids}-password`}
            type="password"
            autoComplete="current-password"
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? `${ids}-password-error` : undefined}
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setPasswordError(null);
            }}
            disabled={remove.isPending}
          />
          {passwordError && (
            <p id={`${ids}-password-error`} className="text-destructive text-sm">
              {passwordError}
            </p>
          )}
          {withCode && (
            <div className="mt-2">
              <SecondStepCodeField
                ref={codeRef}
                id={`${ids}-code`}
                value={code}
                onChange={(event) => {
                  setCode(event.target.value);
                  setCodeError(null);
                }}
                error={codeError ?? undefined}
                disabled={remove.isPending}
              />
            </div>
          )}
        </div>
      </ConfirmDialog>
    </DangerSection>
  );
}

/** The account page's danger zone (spec 2 "Account", decisions 14). */
export function DangerTab() {
  const { t } = useTranslation('account');
  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{t('dangerTab.title')}</h2>
        </CardTitle>
        <CardDescription>{t('dangerTab.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <DownloadData />
        <Separator />
        <DeleteAccount />
      </CardContent>
    </Card>
  );
}

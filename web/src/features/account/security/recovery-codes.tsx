import { useQueryClient } from '@tanstack/react-query';
import { Check, Copy, Download, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { routeQueryKey, useRouteQuery } from '@/lib/route-query';
import { saveBlob } from '@/lib/save-file';
import { useCreateRecoveryCodes } from '../api/security';
import { PasswordAndCodeForm } from './password-and-code-form';

/** The file a download of the codes is saved as. */
const downloadName = 'reviewroute-recovery-codes.txt';

/**
 * The codes just made, shown this once (only their hashes are stored): a list, copy all, download as a text file,
 * and "I have saved them", which hides them for good.
 */
export function RecoveryCodesShown({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const { t } = useTranslation('security');
  const [copied, setCopied] = useState(false);
  const text = [t('recovery.fileHeading', { email }), '', ...codes, ''].join('\n');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
      toast.success(t('recovery.copied'));
    } catch {
      toast.error(t('recovery.copyFailed'));
    }
  };

  const download = () => saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), downloadName);

  return (
    <section className="grid gap-3 rounded-md border p-4" aria-labelledby="recovery-codes-title">
      <div className="grid gap-1">
        <h3 id="recovery-codes-title" className="flex items-center gap-2 font-medium">
          <KeyRound aria-hidden="true" className="size-4" />
          {t('recovery.shownTitle')}
        </h3>
        <p className="text-muted-foreground text-sm">{t('recovery.shownDescription')}</p>
      </div>
      <ol
        className="bg-muted grid grid-cols-1 gap-x-6 gap-y-1 rounded-md p-3 font-mono text-sm min-[360px]:grid-cols-2"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {t('recovery.copy')}
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden="true" />
          {t('recovery.download')}
        </Button>
        <Button type="button" onClick={onDone}>
          {t('recovery.saved')}
        </Button>
      </div>
    </section>
  );
}

/**
 * While two-step verification is on: how many recovery codes are left, and a new set (the old one stops working)
 * once the password and a code are proven.
 */
export function RecoveryCodesSection({ onNewCodes }: { onNewCodes: (codes: string[]) => void }) {
  const { t } = useTranslation('security');
  const status = useRouteQuery('get-recovery-codes');
  const [making, setMaking] = useState(false);
  const remaining = status.data?.remaining;

  return (
    <section className="grid gap-3 border-t pt-4" aria-labelledby="recovery-section-title">
      <div className="grid gap-1">
        <h3 id="recovery-section-title" className="font-medium">
          {t('recovery.title')}
        </h3>
        <p className="text-muted-foreground text-sm">{t('recovery.description')}</p>
        {remaining !== undefined && (
          <p className="text-sm" data-testid="recovery-remaining">
            {remaining === 0 ? t('recovery.none') : t('recovery.remaining', { count: remaining })}
          </p>
        )}
      </div>
      {making ? (
        <NewRecoveryCodesForm
          onMade={(codes) => {
            setMaking(false);
            onNewCodes(codes);
          }}
          onCancel={() => setMaking(false)}
        />
      ) : (
        <div>
          <Button type="button" variant="outline" onClick={() => setMaking(true)}>
            {t('recovery.makeNew')}
          </Button>
        </div>
      )}
    </section>
  );
}

function NewRecoveryCodesForm({ onMade, onCancel }: { onMade: (codes: string[]) => void; onCancel: () => void }) {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const create = useCreateRecoveryCodes();
  return (
    <PasswordAndCodeForm
      id="recovery-new"
      title={t('recovery.newTitle')}
      description={t('recovery.newDescription')}
      submitLabel={t('recovery.make')}
      busyLabel={t('recovery.making')}
      cancelLabel={t('totp.cancel')}
      onProve={async (values) => {
        const { codes } = await create.mutateAsync(values);
        await queryClient.invalidateQueries({ queryKey: routeQueryKey('get-recovery-codes') });
        onMade(codes);
      }}
      onCancel={onCancel}
    />
  );
}

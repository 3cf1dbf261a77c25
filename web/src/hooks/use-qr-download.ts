import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { downloadQrCode } from '@/lib/qr-code';

/** Download QR (spec 9: PNG 512 px, margin 2, black on white, survey-qr-code.png); the spec's toast on failure. */
export function useQrDownload(url: string | null) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      if (!url) throw new Error('No URL');
      await downloadQrCode(url);
    } catch {
      toast.error(t('share.errorTitle'), { description: t('share.qrFailed') });
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { copiedConfirmationMs, copyText } from '@/lib/clipboard';

/**
 * A copy button's state: `copied` is true for 2 s after a successful copy (spec 9); a refused copy shows
 * the 'Failed to copy' toast with the copy-manually hint (spec 8). `onCopied` runs after a success.
 */
export function useCopyButton(onCopied?: () => void) {
  const { t } = useTranslation('common');
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async (text: string) => {
    try {
      await copyText(text);
    } catch {
      toast.error(t('share.copyFailed'), { description: t('share.copyFailedHint') });
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), copiedConfirmationMs);
    onCopied?.();
  };

  return { copied, copy };
}

import { Check, Copy, Download, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useCopyButton } from '@/hooks/use-copy-button';
import { useQrDownload } from '@/hooks/use-qr-download';
import { recordSurveyUrlCopied } from '../lib/survey-url-copied';

interface SurveyLinkPanelProps {
  url: string;
  inputId: string;
  inputTestId?: string;
  /** The label of the link field. */
  urlLabel: string;
  /** The text of the link that opens the page. */
  openLabel: string;
  /** Tell screen-reader users that the open link opens a new tab. */
  announceNewTab?: boolean;
}

/**
 * A published survey's public link with copy ('Copied!' for 2 s; onboarding step 2 recorded locally and on
 * the profile, decisions 9), QR download (spec 9) and a link to open it. The wizard's last step and the
 * dashboard's feedback-collection card show the same panel; each names the link and the way to open it.
 */
export function SurveyLinkPanel({
  url,
  inputId,
  inputTestId,
  urlLabel,
  openLabel,
  announceNewTab = false,
}: SurveyLinkPanelProps) {
  const { t } = useTranslation();
  const { copied, copy } = useCopyButton(() => void recordSurveyUrlCopied());
  const qr = useQrDownload(url);
  return (
    <div className="grid gap-3">
      <label htmlFor={inputId} className="text-sm font-medium">
        {urlLabel}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-sm"
          {...(inputTestId ? { 'data-testid': inputTestId } : {})}
        />
        <Button type="button" variant="outline" onClick={() => void copy(url)} className="sm:w-36">
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          <span aria-live="polite">{copied ? t('share.copied') : t('share.copyLink')}</span>
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={() => void qr.download()} disabled={qr.busy}>
          <Download aria-hidden="true" />
          {t('share.downloadQr')}
        </Button>
        <Button asChild variant="outline">
          <a href={url} target="_blank" rel="noreferrer">
            <ExternalLink aria-hidden="true" />
            {openLabel}
            {announceNewTab && <span className="sr-only"> {t('share.opensInNewTab')}</span>}
          </a>
        </Button>
      </div>
    </div>
  );
}

import { Check, Copy, Download, ExternalLink } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useCopyButton } from '@/hooks/use-copy-button';
import { useQrDownload } from '@/hooks/use-qr-download';
import { recordSurveyUrlCopied } from '../lib/survey-url-copied';

export interface SurveyLinkPanelLabels {
  url: string;
  copy: string;
  copied: string;
  downloadQr: string;
  open: string;
  /** Screen-reader suffix of the open link. */
  opensInNewTab?: string;
}

/**
 * A published survey's public link with copy ('Copied!' for 2 s; onboarding step 2 recorded locally and on
 * the profile, decisions 9), QR download (spec 9) and a link to open it. The wizard's last step and the
 * dashboard's feedback-collection card show the same panel with their own wording.
 */
export function SurveyLinkPanel({
  url,
  inputId,
  labels,
  inputTestId,
}: {
  url: string;
  inputId: string;
  labels: SurveyLinkPanelLabels;
  inputTestId?: string;
}) {
  const { copied, copy } = useCopyButton(() => void recordSurveyUrlCopied());
  const qr = useQrDownload(url);
  return (
    <div className="grid gap-3">
      <label htmlFor={inputId} className="text-sm font-medium">
        {labels.url}
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
          <span aria-live="polite">{copied ? labels.copied : labels.copy}</span>
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={() => void qr.download()} disabled={qr.busy}>
          <Download aria-hidden="true" />
          {labels.downloadQr}
        </Button>
        <Button asChild variant="outline">
          <a href={url} target="_blank" rel="noreferrer">
            <ExternalLink aria-hidden="true" />
            {labels.open}
            {labels.opensInNewTab && <span className="sr-only"> {labels.opensInNewTab}</span>}
          </a>
        </Button>
      </div>
    </div>
  );
}

import { Check, Copy, Download, ExternalLink, FileImage, FileText, Loader2 } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { useCopyButton } from '@/hooks/use-copy-button';
import { type PosterSurvey, usePosterDownload, useQrDownload } from '@/hooks/use-qr-download';
import { qrModules } from '@/lib/qr-poster';
import { qrCodeOptions } from '@/lib/qr-code';
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
  /** Loads what the A5 poster prints besides the code; without it the poster download is not offered. */
  poster?: () => Promise<PosterSurvey>;
}

/**
 * A published survey's public link with copy ('Copied!' for 2 s; onboarding step 2 recorded locally and on
 * the profile, decisions 9), a link to open it, and its QR code on screen with the PNG download (spec 9) and
 * a print-ready A5 poster (PDF; SVG as a second download). The wizard's last step and the dashboard's
 * feedback-collection card show the same panel; each names the link and the way to open it.
 */
export function SurveyLinkPanel({
  url,
  inputId,
  inputTestId,
  urlLabel,
  openLabel,
  announceNewTab = false,
  poster,
}: SurveyLinkPanelProps) {
  const { t } = useTranslation();
  const { copied, copy } = useCopyButton(() => void recordSurveyUrlCopied());
  const qr = useQrDownload(url);
  const posterDownload = usePosterDownload(url, poster);
  return (
    <div className="grid gap-6 sm:grid-cols-[1fr_auto] sm:items-start" data-testid="survey-link-panel">
      <div className="grid min-w-0 gap-3">
        <label htmlFor={inputId} className="text-sm font-medium">
          {urlLabel}
        </label>
        <div className="flex flex-col gap-2">
          {/* A text area that grows with the link: the whole link shows, wrapped, at every width (an input
              cut it to its first characters beside the QR code). */}
          <Textarea
            id={inputId}
            readOnly
            value={url}
            rows={1}
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
            className="min-h-0 resize-none font-mono text-sm break-all"
            {...(inputTestId ? { 'data-testid': inputTestId } : {})}
          />
          <Button type="button" variant="outline" onClick={() => void copy(url)} className="w-fit">
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            <span aria-live="polite">{copied ? t('share.copied') : t('share.copyLink')}</span>
          </Button>
        </div>
        <Button asChild variant="outline" className="w-fit">
          <a href={url} target="_blank" rel="noreferrer">
            <ExternalLink aria-hidden="true" />
            {openLabel}
            {announceNewTab && <span className="sr-only"> {t('share.opensInNewTab')}</span>}
          </a>
        </Button>
      </div>
      <figure className="grid justify-items-center gap-3 sm:w-56">
        <QrCodeImage url={url} label={t('share.qrAlt', { url })} />
        <figcaption className="text-muted-foreground text-center text-xs">{t('share.qrHint')}</figcaption>
        {/* Long labels (Dutch: "Poster als SVG (om te bewerken)") wrap inside the column instead of running out of
            the card beside the code. */}
        <div className="grid w-full gap-2 [&>button]:h-auto [&>button]:whitespace-normal">
          <Button type="button" onClick={() => void qr.download()} disabled={qr.busy}>
            <Download aria-hidden="true" />
            {t('share.downloadQr')}
          </Button>
          {poster && (
            <>
              <Button
                type="button"
                variant="outline"
                onClick={() => void posterDownload.download('pdf')}
                disabled={posterDownload.busy !== null}
              >
                {posterDownload.busy === 'pdf' ? (
                  <Loader2 aria-hidden="true" className="animate-spin" />
                ) : (
                  <FileText aria-hidden="true" />
                )}
                {t('share.downloadPoster')}
              </Button>
              {/* The same poster as an SVG, for owners who edit it in a design program. */}
              <Button
                type="button"
                variant="link"
                size="sm"
                className="h-auto justify-self-center p-1"
                onClick={() => void posterDownload.download('svg')}
                disabled={posterDownload.busy !== null}
              >
                <FileImage aria-hidden="true" />
                {t('share.downloadPosterSvg')}
              </Button>
            </>
          )}
        </div>
      </figure>
    </div>
  );
}

/** The code as crisp vector modules, the same ones the PNG and the poster carry, with its quiet zone. */
function QrCodeImage({ url, label }: { url: string; label: string }) {
  const qr = useMemo(() => qrModules(url), [url]);
  const quiet = qrCodeOptions.margin;
  const units = qr.size + 2 * quiet;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`${-quiet} ${-quiet} ${units} ${units}`}
      shapeRendering="crispEdges"
      className="size-44 rounded-md border"
      data-testid="survey-qr-code"
    >
      <rect x={-quiet} y={-quiet} width={units} height={units} fill={qrCodeOptions.color.light} />
      <path d={qr.path} fill={qrCodeOptions.color.dark} />
    </svg>
  );
}

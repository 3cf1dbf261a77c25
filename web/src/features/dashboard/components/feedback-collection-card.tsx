import { Check, Copy, Download, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { recordSurveyUrlCopied } from '@/lib/survey-url-copied';
import { useCopyButton } from './use-copy-button';
import { useQrDownload } from './use-qr-download';

/** Spec 2: the survey's public link with copy, QR download and preview; only for a published survey. */
export function FeedbackCollectionCard({ url }: { url: string }) {
  const { t } = useTranslation('dashboard');
  const { copied, copy } = useCopyButton(() => void recordSurveyUrlCopied());
  const qr = useQrDownload(url);
  return (
    <Card data-testid="feedback-collection">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{t('collect.title')}</h2>
        </CardTitle>
        <CardDescription>{t('collect.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <label htmlFor="survey-url" className="text-sm font-medium">
          {t('collect.urlLabel')}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="survey-url"
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono text-sm"
          />
          <Button type="button" variant="outline" onClick={() => void copy(url)} className="sm:w-36">
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            <span aria-live="polite">{copied ? t('collect.copied') : t('collect.copy')}</span>
          </Button>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" onClick={() => void qr.download()} disabled={qr.busy}>
            <Download aria-hidden="true" />
            {t('collect.downloadQr')}
          </Button>
          <Button asChild variant="outline">
            <a href={url} target="_blank" rel="noreferrer">
              <ExternalLink aria-hidden="true" />
              {t('collect.preview')}
              <span className="sr-only"> {t('collect.opensInNewTab')}</span>
            </a>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

import { Copy, Download, ExternalLink, Pencil, Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useEditSurvey } from '@/features/surveys/hooks/use-edit-survey';
import { SendRequestDialog } from './send-request-dialog';
import { useQrDownload } from '@/hooks/use-qr-download';
import { reviewRequestsPathFor } from '@/lib/survey-selection';
import { useLocalizedPath } from '@/lib/use-language';

/**
 * Spec 2 quick actions: send request (the review-requests page, which mails the customers; the message to copy
 * or open in the owner's own mail or SMS app stays one click away), edit survey, download QR, view collection
 * page. "Set up automation" is left out until automated requests exist. Without a landing URL (a draft) only
 * editing makes sense.
 */
export function QuickActionsCard({ surveyId, url }: { surveyId: string; url: string | null }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const [sendOpen, setSendOpen] = useState(false);
  const editor = useEditSurvey();
  const qr = useQrDownload(url);
  const to = useLocalizedPath();
  return (
    <Card data-testid="quick-actions">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{t('quickActions.title')}</h2>
        </CardTitle>
        <CardDescription>{t('quickActions.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {url && (
          <>
            <Button asChild className="justify-start">
              <Link to={to(reviewRequestsPathFor(surveyId))}>
                <Send aria-hidden="true" />
                {t('quickActions.sendRequest')}
              </Link>
            </Button>
            <Button type="button" variant="outline" className="justify-start" onClick={() => setSendOpen(true)}>
              <Copy aria-hidden="true" />
              {t('quickActions.copyRequest')}
            </Button>
          </>
        )}
        <Button
          type="button"
          variant="outline"
          className="justify-start"
          disabled={editor.busy}
          onClick={() => void editor.edit(surveyId)}
        >
          <Pencil aria-hidden="true" />
          {t('quickActions.edit')}
        </Button>
        {url && (
          <>
            <Button
              type="button"
              variant="outline"
              className="justify-start"
              disabled={qr.busy}
              onClick={() => void qr.download()}
            >
              <Download aria-hidden="true" />
              {t('quickActions.downloadQr')}
            </Button>
            <Button asChild variant="outline" className="justify-start">
              <a href={url} target="_blank" rel="noreferrer">
                <ExternalLink aria-hidden="true" />
                {t('quickActions.viewPage')}
                <span className="sr-only"> {t('common:share.opensInNewTab')}</span>
              </a>
            </Button>
            <SendRequestDialog url={url} open={sendOpen} onOpenChange={setSendOpen} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

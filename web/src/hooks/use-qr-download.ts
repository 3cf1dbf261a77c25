import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { languageOfPath } from '@/lib/language';
import { downloadQrCode } from '@/lib/qr-code';
import { embeddableImage, posterSvg, savePosterSvg } from '@/lib/qr-poster';
import { posterLogo, posterPdf, savePosterPdf } from '@/lib/qr-poster-pdf';

/** Download QR (spec 9: PNG 512 px, margin 2, black on white, `{slug}-qr.png`); the spec's toast on failure. */
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

export interface PosterSurvey {
  businessName: string;
  logoUrl: string | null;
  primaryColor?: string;
}

/** The poster's two files: the print-ready PDF, and the SVG for owners who edit it further. */
export type PosterFormat = 'pdf' | 'svg';

/**
 * Download poster: the A5 poster of the survey behind `url` in its brand colour, as a PDF (`{slug}-poster-a5.pdf`)
 * or an SVG (`{slug}-poster-a5.svg`), its details loaded when asked for (the dashboard's list items carry no logo).
 * Its call to action is in the survey's language, which its link carries (`/nl/surveys/...` is Dutch), not in the
 * owner's interface language.
 */
export function usePosterDownload(url: string | null, loadSurvey: (() => Promise<PosterSurvey>) | undefined) {
  const { t, i18n } = useTranslation('common');
  const [busy, setBusy] = useState<PosterFormat | null>(null);
  const download = async (format: PosterFormat = 'pdf') => {
    setBusy(format);
    try {
      if (!url || !loadSurvey) throw new Error('No survey to print');
      const survey = await loadSurvey();
      const language = languageOfPath(new URL(url).pathname);
      const fixed = i18n.getFixedT(language, 'common');
      const content = {
        url,
        businessName: survey.businessName,
        headline: fixed('share.poster.headline'),
        instruction: fixed('share.poster.instruction'),
        brandColor: survey.primaryColor ?? '',
      };
      if (format === 'pdf') {
        const logo = survey.logoUrl ? await posterLogo(survey.logoUrl) : null;
        savePosterPdf(await posterPdf({ ...content, logo, language }), url);
      } else {
        const logoHref = survey.logoUrl ? await embeddableImage(survey.logoUrl) : null;
        savePosterSvg(posterSvg({ ...content, logoHref }), url);
      }
    } catch {
      toast.error(t('share.errorTitle'), { description: t('share.posterFailed') });
    } finally {
      setBusy(null);
    }
  };
  return { busy, download };
}

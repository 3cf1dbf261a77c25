import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { defaultSurveyColors, validColor } from '@reviewroute/shared/domain';
import { languageOfPath } from '@/lib/language';
import { downloadQrCode } from '@/lib/qr-code';
import { embeddableImage, posterSvg, savePoster } from '@/lib/qr-poster';

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

export interface PosterSurvey {
  businessName: string;
  logoUrl: string | null;
  primaryColor?: string;
}

/**
 * Download poster: the A5 poster of the survey behind `url`, its details loaded when asked for (the
 * dashboard's list items carry no logo). Its call to action is in the survey's language,
 * which its link carries (`/nl/surveys/...` is Dutch), not in the owner's interface language.
 */
export function usePosterDownload(url: string | null, loadSurvey: (() => Promise<PosterSurvey>) | undefined) {
  const { t, i18n } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      if (!url || !loadSurvey) throw new Error('No survey to print');
      const survey = await loadSurvey();
      const fixed = i18n.getFixedT(languageOfPath(new URL(url).pathname), 'common');
      const logoHref = survey.logoUrl ? await embeddableImage(survey.logoUrl) : null;
      savePoster(
        posterSvg({
          url,
          businessName: survey.businessName,
          logoHref,
          headline: fixed('share.poster.headline'),
          instruction: fixed('share.poster.instruction'),
          accentColor: validColor(survey.primaryColor, defaultSurveyColors.primaryColor),
        }),
      );
    } catch {
      toast.error(t('share.errorTitle'), { description: t('share.posterFailed') });
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}

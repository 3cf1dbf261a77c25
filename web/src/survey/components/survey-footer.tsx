import { localizePath } from '../../lib/language';
import { useI18n } from '../lib/i18n';

/** The privacy policy in the page's language (the page's language is its link's, decisions 16 and 17). */
export function usePrivacyPath(): string {
  const { language } = useI18n();
  return localizePath('/privacy', language);
}

interface SurveyFooterProps {
  /** The business behind the survey; the not-found page has none. */
  businessName?: string;
  /** The survey's disclosure page (how its reviews are invited, counted and hidden); not on that page itself. */
  disclosurePath?: string;
}

/**
 * The small print under the page: whose survey it is, the privacy policy, and who runs the page. It takes the
 * page's text colour, so it reads on any survey background.
 */
export function SurveyFooter({ businessName, disclosurePath }: SurveyFooterProps) {
  const { t } = useI18n();
  const privacyPath = usePrivacyPath();
  return (
    <footer
      aria-label={t('footer.label')}
      className="mx-auto mt-12 grid w-full max-w-md justify-items-center gap-1 text-center text-xs"
      data-testid="survey-footer"
    >
      {/* Two lines, so a narrow phone never wraps a separator onto a line of its own. */}
      <p className="flex flex-wrap items-center justify-center gap-x-3">
        {businessName && (
          <>
            <span className="font-medium">{businessName}</span>
            <span aria-hidden="true">·</span>
          </>
        )}
        <a
          href={privacyPath}
          className="inline-flex min-h-6 items-center underline underline-offset-2 hover:no-underline"
        >
          {t('footer.privacy')}
        </a>
      </p>
      {/* A line of its own: beside the privacy link it wraps on a phone and leaves a separator at a line's end. */}
      {disclosurePath && (
        <p>
          <a
            href={disclosurePath}
            className="inline-flex min-h-6 items-center underline underline-offset-2 hover:no-underline"
          >
            {t('footer.disclosure')}
          </a>
        </p>
      )}
      <p>{t('footer.poweredBy')}</p>
    </footer>
  );
}

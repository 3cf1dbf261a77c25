import { useI18n } from '../lib/i18n';

interface SurveyHeaderProps {
  businessName: string;
  logoUrl: string | null;
  /** The page's title is its h1; the wizard's preview shows it below its own headings. */
  headingLevel?: 1 | 3;
}

/** The business's logo and name above the form and the thank-you screen. */
export function SurveyHeader({ businessName, logoUrl, headingLevel = 1 }: SurveyHeaderProps) {
  const { t } = useI18n();
  const Heading = headingLevel === 1 ? 'h1' : 'h3';
  return (
    <header className="grid justify-items-center gap-3 text-center">
      {logoUrl && (
        <img
          src={logoUrl}
          alt={t('logoAlt', { business: businessName })}
          className="max-h-20 max-w-48 object-contain"
          fetchPriority="high"
        />
      )}
      <Heading className="text-2xl font-bold text-balance">{businessName}</Heading>
    </header>
  );
}

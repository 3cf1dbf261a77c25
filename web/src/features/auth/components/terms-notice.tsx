import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLocalizedPath } from '@/lib/use-language';

export function TermsNotice() {
  const { t } = useTranslation('auth');
  const to = useLocalizedPath();
  return (
    <p className="text-muted-foreground text-center text-xs leading-relaxed">
      <Trans
        t={t}
        i18nKey="terms"
        components={{
          termsLink: <Link className="text-foreground underline underline-offset-4" to={to('/terms')} />,
          privacyLink: <Link className="text-foreground underline underline-offset-4" to={to('/privacy')} />,
        }}
      />
    </p>
  );
}

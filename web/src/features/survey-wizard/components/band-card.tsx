import { Frown, Meh, Smile } from 'lucide-react';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type RatingBand } from '@reviewroute/shared';
import { BandPreviewDialog } from './band-preview-dialog';
import { SectionCard } from './section-card';

const bandIcon: Record<RatingBand, ReactNode> = {
  low: <Frown aria-hidden="true" className="text-destructive size-5" />,
  mid: <Meh aria-hidden="true" className="size-5 text-amber-600" />,
  high: <Smile aria-hidden="true" className="size-5 text-green-700" />,
};

interface BandCardProps {
  band: RatingBand;
  /** The band's settings. */
  children: ReactNode;
}

/** The settings of one rating band (spec 2 step 3) with a preview of what its customers see. */
export function BandCard({ band, children }: BandCardProps) {
  const { t } = useTranslation('wizard');
  const label = t(`routing.${band}`);
  return (
    <SectionCard
      level={3}
      icon={bandIcon[band]}
      title={label}
      description={t(`routing.${band}Description`)}
      action={<BandPreviewDialog band={band} bandLabel={label} />}
      contentClassName="grid gap-4"
      data-testid={`band-${band}`}
    >
      {children}
    </SectionCard>
  );
}

import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/**
 * A customer's rating as five stars, filled up to the rating, read out as one image ("Rated 4 stars out of 5").
 * The dashboard's recent feedback and the inbox show a response's rating with it, so both look and read alike.
 */
export function RatingStars({
  rating,
  id,
}: {
  rating: number;
  /** For a caller that names an element by it. */ id?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <span id={id} role="img" aria-label={t('response.rating', { count: rating })} className="flex gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cn('size-4', n <= rating ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground/50')}
        />
      ))}
    </span>
  );
}

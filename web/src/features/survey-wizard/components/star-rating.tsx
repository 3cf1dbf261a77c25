import { Star } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

interface StarRatingProps {
  value: number;
  onChange: (value: number) => void;
  /** The colour of chosen stars. */
  color: string;
  legend: string;
  legendColor?: string;
}

/**
 * Five stars as a native radio group: arrow keys move the choice, each star is read as "n stars", and the
 * focus ring is drawn on the star.
 */
export function StarRating({ value, onChange, color, legend, legendColor }: StarRatingProps) {
  const { t } = useTranslation('wizard');
  const name = useId();
  return (
    <fieldset className="grid justify-items-center gap-2">
      <legend className="mx-auto mb-2 text-sm font-medium" style={legendColor ? { color: legendColor } : undefined}>
        {legend}
      </legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((star) => (
          <label key={star} className="relative cursor-pointer">
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="peer sr-only"
              aria-label={t('landing.starLabel', { count: star })}
            />
            <Star
              aria-hidden="true"
              className={cn(
                'size-8 rounded-sm transition-colors',
                'peer-focus-visible:ring-ring peer-focus-visible:ring-2 peer-focus-visible:ring-offset-2',
              )}
              style={star <= value ? { color, fill: color } : { color: '#9ca3af' }}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

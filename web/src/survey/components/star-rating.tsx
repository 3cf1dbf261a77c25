import { useI18n } from '../lib/i18n';

interface StarRatingProps {
  name: string;
  value: number | null;
  onChange: (value: number) => void;
  legend: string;
  /** Chosen stars. */
  accent: string;
  describedBy?: string;
}

const starPath =
  'M12 2.5l2.94 5.96 6.58.96-4.76 4.64 1.12 6.55L12 17.52l-5.88 3.09 1.12-6.55-4.76-4.64 6.58-.96L12 2.5z';

/**
 * Five stars as a native radio group in a fieldset: Tab enters the group, the arrow keys move the choice,
 * each star is read as "n stars". The inputs stay in the layout (transparent, over the star) so a tap
 * anywhere on a 44 px star works and the focus ring sits on the star.
 */
export function StarRating({ name, value, onChange, legend, accent, describedBy }: StarRatingProps) {
  const { t } = useI18n();
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="mb-3 text-center text-lg font-semibold text-balance">{legend}</legend>
      <div className="flex justify-center gap-1">
        {[1, 2, 3, 4, 5].map((star) => {
          const filled = value !== null && star <= value;
          return (
            <label key={star} className="relative block size-12 cursor-pointer">
              <input
                type="radio"
                name={name}
                value={star}
                checked={value === star}
                onChange={() => onChange(star)}
                className="peer absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-md opacity-0"
              />
              <span className="sr-only">{t('rating.star', { count: star })}</span>
              <svg
                viewBox="0 0 24 24"
                aria-hidden="true"
                className="pointer-events-none size-full rounded-md p-1 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-1"
                style={{ outlineColor: accent }}
              >
                <path
                  d={starPath}
                  fill={filled ? accent : 'none'}
                  stroke={filled ? accent : 'currentColor'}
                  strokeWidth="1.5"
                  strokeLinejoin="round"
                />
              </svg>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Rating scale and bands (spec 4 and 9): 1-2 low, 3-4 mid, 5 high. */
export const minRating = 1;
export const maxRating = 5;
export type RatingBand = 'low' | 'mid' | 'high';

export function ratingBand(rating: number): RatingBand {
  if (!Number.isInteger(rating) || rating < minRating || rating > maxRating) {
    throw new RangeError(`A rating is a whole number from ${minRating} to ${maxRating}`);
  }
  if (rating <= 2) return 'low';
  if (rating <= 4) return 'mid';
  return 'high';
}

/** Every rating, lowest first. */
export const allRatings: readonly number[] = Array.from({ length: maxRating - minRating + 1 }, (_, i) => minRating + i);

/** The ratings of a band, lowest first. */
export const ratingsIn = (band: RatingBand): number[] => allRatings.filter((r) => ratingBand(r) === band);

/** Average rounded to one decimal (spec 9); 0 when there is nothing to average. */
export const averageRating = (sum: number, count: number): number =>
  count > 0 ? Math.round((sum / count) * 10) / 10 : 0;

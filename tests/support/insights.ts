import { randomUUID } from 'node:crypto';
import { averageRating, insightWeeks, isoWeekOf, recentIsoWeeks } from '@reviewroute/shared';
import { sampleResponse } from '@reviewroute/shared/testing';
import { createDynamoResponseStore, responseIdOf } from '@reviewroute/functions/data/response-store';
import { stackEntities } from './api';

const weekMs = 7 * 86_400_000;

/** Ratings per "weeks ago" (0: this week); week 12 is just before the trend's 12 weeks. */
export const ratingsByWeeksAgo: Readonly<Record<number, readonly number[]>> = {
  0: [5, 5, 4],
  1: [3, 1],
  3: [2, 5, 5, 4],
  11: [1],
  12: [5],
};

export interface SeededInsights {
  reviewCount: number;
  histogram: [number, number, number, number, number];
  reviewClicks: number;
  /** The 12 weeks of the trend, oldest first, as the insights route answers them. */
  weeks: { week: string; count: number; averageRating: number | null }[];
}

/**
 * Responses with controlled dates, written through the response store as the submit writes them (not yet
 * counted), so the local stack's stats worker counts them from the stream as it counts real ones; the
 * first one is clicked through to Google. Returns what the insights must then show.
 */
export async function seedResponsesAcrossWeeks(surveyId: string, now = new Date()): Promise<SeededInsights> {
  const store = createDynamoResponseStore(stackEntities);
  const histogram: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  const byWeek = new Map<string, number[]>();
  let first: { id: string; hash: string } | undefined;
  for (const [weeksAgo, ratings] of Object.entries(ratingsByWeeksAgo)) {
    for (const [i, rating] of ratings.entries()) {
      // A second apart, the same weekday and time as now: in the week `weeksAgo` weeks back (UTC).
      const createdAt = new Date(now.getTime() - Number(weeksAgo) * weekMs - i * 1000).toISOString();
      const id = responseIdOf(surveyId, randomUUID());
      const hash = `seed-${id}`;
      await store.submit({ response: sampleResponse({ id, surveyId, rating, createdAt }), clickTokenHash: hash });
      first ??= { id, hash };
      histogram[rating - 1]! += 1;
      const week = isoWeekOf(createdAt);
      byWeek.set(week, [...(byWeek.get(week) ?? []), rating]);
    }
  }
  await store.recordReviewClick(surveyId, first!.id, first!.hash);
  const weeks = recentIsoWeeks(now, insightWeeks).map((week) => {
    const ratings = byWeek.get(week) ?? [];
    const sum = ratings.reduce((a, b) => a + b, 0);
    return { week, count: ratings.length, averageRating: ratings.length ? averageRating(sum, ratings.length) : null };
  });
  return { reviewCount: histogram.reduce((a, b) => a + b, 0), histogram, reviewClicks: 1, weeks };
}

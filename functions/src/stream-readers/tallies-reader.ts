import * as funnel from '../domains/requests/funnel-worker';
import * as stats from '../domains/surveys/stats-worker';
import * as websiteReviews from '../domains/surveys/website-reviews-worker';
import { streamReader } from './stream-reader';

/** The `tallies` stream reader: the stats, funnel and website-reviews workers on one read of the table's stream. */
export const { handler, createWorker } = streamReader('tallies', { stats, funnel, 'website-reviews': websiteReviews });

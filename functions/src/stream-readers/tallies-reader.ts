import * as funnel from '../domains/requests/funnel-worker';
import * as stats from '../domains/surveys/stats-worker';
import { streamReader } from './stream-reader';

/** The `tallies` stream reader: the stats and funnel workers on one read of the table's stream. */
export const { handler, createWorker } = streamReader('tallies', { stats, funnel });

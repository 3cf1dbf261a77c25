import * as alerts from '../domains/surveys/alerts-worker';
import { streamReader } from './stream-reader';

/**
 * The `owner-jobs` stream reader: the low-rating alerts on one read of the table's stream, and the hand-off of
 * each new CSV export to the exports worker's own Lambda (a `stream-handoff` in the worker table).
 */
export const { handler, createWorker } = streamReader('owner-jobs', { alerts });

import * as funnel from '../domains/requests/funnel-worker';
import * as alerts from '../domains/surveys/alerts-worker';
import * as stats from '../domains/surveys/stats-worker';
import { streamReader } from './stream-reader';

/** The `changes` stream reader: the stats, alerts and funnel workers on one read of the table's stream. */
export const { handler, createWorker } = streamReader('changes', { stats, alerts, funnel });

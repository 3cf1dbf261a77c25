import * as exportsWorker from '../domains/exports/exports-worker';
import * as alerts from '../domains/surveys/alerts-worker';
import { streamReader } from './stream-reader';

/** The `owner-jobs` stream reader: the low-rating alerts and the CSV exports on one read of the table's stream. */
export const { handler, createWorker } = streamReader('owner-jobs', { alerts, exports: exportsWorker });

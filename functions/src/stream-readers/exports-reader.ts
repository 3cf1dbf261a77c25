import * as exportsWorker from '../domains/exports/exports-worker';
import { streamReader } from './stream-reader';

/** The `exports` stream reader: the CSV exports, on a read of the table's stream of their own. */
export const { handler, createWorker } = streamReader('exports', { exports: exportsWorker });

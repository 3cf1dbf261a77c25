import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MolliePaymentState } from './payments';

/** What a persisted local Mollie keeps in `<dataDir>/mollie.json`: its key, its certificate and the payments. */
export interface StoredMollie {
  apiKey: string;
  cert: string;
  key: string;
  payments: MolliePaymentState[];
}

export const mollieStateFile = (dataDir: string) => path.join(dataDir, 'mollie.json');

export function readStoredMollie(file: string | undefined): StoredMollie | undefined {
  return file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StoredMollie) : undefined;
}

export function writeStoredMollie(file: string, state: StoredMollie): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(state));
}

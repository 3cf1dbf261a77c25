// The operator's lookup of an invoice kept after its owner's account was erased (decisions 24), by number:
//
//   npm run invoice -- 2026-000123 [--json]                                    (the running `npm start` stack)
//   TABLE_NAME=ReviewRoute-prod-… AWS_REGION=eu-west-1 npm run invoice -- 2026-000123   (AWS: dynamodb:GetItem)
//
// Prints the invoice (or, with --json, its fields); exits 1 when no kept invoice has that number (never kept,
// an account that still exists, or expired 7 years after its date).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { LambdaEnv } from '@reviewroute/shared';
import { tableEntities } from '../src/data/client';
import { createDynamoInvoiceRepository } from '../src/data/invoice-repository';
import { lambdaEnvOf } from '../src/lib/env';
import { keptInvoiceText, lookUpKeptInvoice } from '../src/domains/payments/kept-invoice-lookup';

/** The environment `npm start` writes for the stack it runs (infra/local/state-file.ts). */
function localStackEnv(): LambdaEnv | undefined {
  const file = path.resolve(import.meta.dirname, '../../.data/local-stack.json');
  if (!existsSync(file)) return undefined;
  return (JSON.parse(readFileSync(file, 'utf8')) as { env: LambdaEnv }).env;
}

const { values, positionals } = parseArgs({
  options: { json: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const number = positionals[0];
if (!number) {
  console.error('Usage: npm run invoice -- <invoice number, e.g. 2026-000123> [--json]');
  process.exit(1);
}
const env = process.env.TABLE_NAME ? lambdaEnvOf(process.env) : localStackEnv();
if (!env) {
  console.error('No table: set TABLE_NAME (and AWS_REGION) for AWS, or start the local stack with `npm start`.');
  process.exit(1);
}
const lookup = await lookUpKeptInvoice(createDynamoInvoiceRepository(tableEntities(env)), number);
if (!lookup.found) {
  console.error(
    lookup.reason === 'not-a-number'
      ? `"${number}" is not an invoice number (YYYY-NNNNNN).`
      : `No kept invoice ${number}: none was kept with that number, or it expired 7 years after its date.`,
  );
  process.exit(1);
}
console.log(values.json ? JSON.stringify(lookup.invoice, null, 2) : keptInvoiceText(lookup.invoice));

import { pathOf, requestBatchSchema, type CreateRequestBatchInput } from '@reviewroute/shared';
import { tableEntities } from '@reviewroute/functions/data/client';
import type { Entities } from '@reviewroute/functions/data/entities';
import type { LocalStack } from '../../infra/local/stack';
import { benchOwner, createBenchSurvey, giveEnterpriseYear, ownerFetcher } from './seed';

export interface SentBatch<T> {
  batchId: string;
  /** Seconds the upload's request took. */
  uploadSeconds: number;
  /** Seconds from the upload's request until every row's message had arrived (or the time was up). */
  seconds: number;
  /** Customers reached, each counted once. */
  reached: number;
  /** Messages beyond the first per customer (each customer is claimed before their message: 0). */
  duplicates: number;
  messages: T[];
}

/**
 * What the two 5,000-row send benches (e-mail and texts) share: an owner with an Enterprise year (the plan's daily
 * requests, batches and rows) and a published survey, one upload of `rows` through the owner API (as the page sends
 * a CSV), then a look once a second at what reached the customers until every row has or `timeoutMs` has passed.
 */
export async function sendBenchBatch<T>(
  stack: Pick<LocalStack, 'urls' | 'webConfig' | 'env'>,
  options: {
    businessName: string;
    /** Rows of the batch: customer `i` is named `Customer {i}`, reached at `contactOf(i)`, in English or Dutch by turns. */
    count: number;
    contactOf: (i: number) => { email: string } | { phone: string };
    /** What has reached the customers so far; a look may read a whole store, so it is taken once a second. */
    arrived: () => Promise<T[]>;
    /** The customer a message reached. */
    customerOf: (message: T) => string;
    timeoutMs: number;
    /** What the bench adds to the owner's account before the upload (a month's credit of texts). */
    prepare?: (entities: Entities, userId: string) => Promise<void>;
  },
): Promise<SentBatch<T>> {
  const { owner, auth } = await benchOwner(stack);
  const { id: surveyId } = await createBenchSurvey(stack.urls.api, auth, options.businessName, { publish: true });
  const ownerFetch = ownerFetcher(stack.urls.api, owner.tokens.idToken);
  const entities = tableEntities(stack.env)();
  await giveEnterpriseYear(entities, owner.userId);
  await options.prepare?.(entities, owner.userId);

  const { count } = options;
  const rows: CreateRequestBatchInput['rows'] = Array.from({ length: count }, (_, i) => ({
    name: `Customer ${i}`,
    ...options.contactOf(i),
    language: i % 2 ? 'nl' : 'en',
  }));
  const started = performance.now();
  const batch = requestBatchSchema.parse(
    await ownerFetch('POST', pathOf('create-request-batch', { surveyId }), { rows, permissionConfirmed: true }),
  );
  const accepted = performance.now();
  while (performance.now() - started < options.timeoutMs) {
    if ((await options.arrived()).length >= count) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const seconds = (performance.now() - started) / 1000;
  // Whatever is still on its way arrives now or never: one more look before counting duplicates.
  const messages = await options.arrived();
  const perCustomer = new Map<string, number>();
  for (const message of messages) {
    const customer = options.customerOf(message);
    perCustomer.set(customer, (perCustomer.get(customer) ?? 0) + 1);
  }
  return {
    batchId: batch.id,
    uploadSeconds: (accepted - started) / 1000,
    seconds,
    reached: perCustomer.size,
    duplicates: [...perCustomer.values()].reduce((sum, n) => sum + (n - 1), 0),
    messages,
  };
}

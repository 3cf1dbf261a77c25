import { GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { pathOf } from '@reviewroute/shared';
import { createDocumentClient } from '@reviewroute/functions/data/client';
import { callApi, type ApiAnswer, type ApiUser } from './api';

/**
 * What the account-erasure tests share: they delete an account as the browser does, wait for the worker and
 * then look through the whole table, because what an erasure must not leave behind is exactly what no key or
 * index of the owner would find.
 */

/** Every item of the run's table, all pages (a scan: only tests do this). */
export async function scanTable(): Promise<Record<string, unknown>[]> {
  const env = inject('localStack').env;
  const client = createDocumentClient(env);
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: env.TABLE_NAME, ExclusiveStartKey: start }));
    items.push(...((page.Items ?? []) as Record<string, unknown>[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Whether an item names any of `ids` anywhere: a key, an attribute or a nested value. */
export const mentioning =
  (...ids: string[]) =>
  (item: unknown): boolean =>
    ids.some((id) => JSON.stringify(item).includes(id));

/**
 * DELETE the account with a JSON body, as a browser sends it: with its length (Node's client sends a DELETE
 * body with neither a length nor chunking, which no server can read).
 */
export const deleteAccount = (user: ApiUser, email = user.email, password = user.password): Promise<ApiAnswer> => {
  const body = JSON.stringify({ email, password });
  return callApi('DELETE', pathOf('delete-account'), {
    user,
    body,
    headers: { 'content-length': String(Buffer.byteLength(body)) },
  });
};

/**
 * Whether the owner's erasure job is gone (the erasure finished): one read of its item (`ERASURE` / `JOB#{userId}`,
 * functions/src/data/erasure-repository.ts), where a scan of a run's whole table would take seconds a look.
 */
export async function erasureJobGone(userId: string): Promise<boolean> {
  const env = inject('localStack').env;
  const { Item } = await createDocumentClient(env).send(
    new GetCommand({ TableName: env.TABLE_NAME, Key: { pk: 'ERASURE', sk: `JOB#${userId}` }, ConsistentRead: true }),
  );
  return Item === undefined;
}

/** Polls until `done` holds (the local erasure worker runs every second); fails after `timeoutMs`. */
export async function waitForErasure(done: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error('Timed out waiting for the erasure to finish');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { pathOf } from '@reviewroute/shared';
import { createDocumentClient } from '@reviewroute/functions/data/client';
import { callApi, sampleBusiness, type ApiUser } from '../support/api';
import { createSignedInUser } from '../support/cognito';

const stack = inject('localStack');

async function scanTable(): Promise<Record<string, unknown>[]> {
  const client = createDocumentClient(stack.env);
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: stack.env.TABLE_NAME, ExclusiveStartKey: start }));
    items.push(...((page.Items ?? []) as Record<string, unknown>[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** DELETE with its body's length, as a browser sends it. */
const deleteAccount = (user: ApiUser) => {
  const body = JSON.stringify({ email: user.email, password: user.password });
  return callApi('DELETE', pathOf('delete-account'), {
    user,
    body,
    headers: { 'content-length': String(Buffer.byteLength(body)) },
  });
};

/** Polls until `done` holds (the local erasure worker runs every second). */
async function waitFor(done: () => Promise<boolean>, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error('Timed out waiting for the erasure to finish');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The creating requests an owner's still-valid token can send: each writes an item of the owner. */
const creating = (owner: ApiUser, n: number) =>
  n % 2 === 0
    ? callApi('POST', pathOf('create-survey'), { user: owner, body: sampleBusiness(`Race ${n}`) })
    : callApi('PATCH', pathOf('update-profile'), { user: owner, body: { fullName: `Race ${n}` } });

describe('erasure that stays erased', () => {
  it('a creating request racing the erasure leaves nothing behind (20 times)', { timeout: 600_000 }, async () => {
    let created = 0;
    let refused = 0;
    for (let round = 0; round < 20; round++) {
      const owner = await createSignedInUser(stack);
      // Creating requests keep coming until well after the deletion was confirmed: some land before the
      // tombstone, some pass the route's early check just before it and write just after, the rest meet it.
      let deleting = true;
      const racers = (async () => {
        const answers: number[] = [];
        for (let n = 0; deleting || n < 4; n++) {
          const batch = await Promise.all([creating(owner, 2 * n), creating(owner, 2 * n + 1)]);
          answers.push(...batch.map((a) => a.status));
        }
        return answers;
      })();
      const deletion = await deleteAccount(owner);
      deleting = false;
      expect([200, 202, 204]).toContain(deletion.status);
      const statuses = await racers;
      // Each request either wrote (and the erasure took it away) or was refused as the deleted account's.
      for (const status of statuses) expect([200, 201, 401]).toContain(status);
      created += statuses.filter((s) => s < 300).length;
      refused += statuses.filter((s) => s === 401).length;

      const jobKey = `JOB#${owner.userId}`;
      await waitFor(async () => !(await scanTable()).some((item) => item.sk === jobKey), 60_000);
      const left = (await scanTable()).filter((item) => JSON.stringify(item).includes(owner.userId));
      expect(left, `round ${round}`).toEqual([]);
    }
    // Both sides of the race happened.
    expect(created).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});

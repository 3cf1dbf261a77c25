import { describe, expect, inject, it } from 'vitest';
import { pathOf } from '@reviewroute/shared';
import { callApi, sampleBusiness, type ApiUser } from '../support/api';
import { createSignedInUser } from '../support/cognito';
import { deleteAccount, erasureJobGone, mentioning, scanTable, waitForErasure } from '../support/erasure';

const stack = inject('localStack');

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

      await waitForErasure(() => erasureJobGone(owner.userId), 60_000);
      const left = (await scanTable()).filter(mentioning(owner.userId));
      expect(left, `round ${round}`).toEqual([]);
    }
    // Both sides of the race happened.
    expect(created).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});

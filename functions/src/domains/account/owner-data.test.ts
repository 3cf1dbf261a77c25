import { describe, expect, it } from 'vitest';
import { createMemoryStores } from '../../../testing/data/memory';
import { accountOwnerData } from './owner-data';

describe('the account domain’s part of the owner’s data', () => {
  it('erases the owner’s recovery codes with the profile, and nobody else’s', async () => {
    const stores = createMemoryStores();
    await stores.recoveryCodes.replace('owner', ['aaaaabbbbb'], '2026-11-26T11:00:00.000Z');
    await stores.recoveryCodes.replace('other', ['cccccddddd'], '2026-11-26T11:00:00.000Z');
    await stores.profiles.update('owner', { fullName: 'Ann' }, '2026-11-26T11:00:00.000Z');
    const part = accountOwnerData.create(stores);
    await part.eraseOwner!('owner');
    await part.eraseOwner!('owner');
    expect(await stores.recoveryCodes.get('owner')).toBeUndefined();
    expect(await stores.profiles.get('owner')).toBeUndefined();
    expect(await stores.recoveryCodes.get('other')).toMatchObject({ remaining: 1 });
  });

  it('exports no recovery code, nor its hash', async () => {
    const stores = createMemoryStores();
    await stores.recoveryCodes.replace('owner', ['aaaaabbbbb'], '2026-11-26T11:00:00.000Z');
    const summary = JSON.stringify(await accountOwnerData.create(stores).exportSummary!('owner', []));
    expect(summary).not.toMatch(/recovery|aaaaabbbbb|[0-9a-f]{64}/i);
  });
});

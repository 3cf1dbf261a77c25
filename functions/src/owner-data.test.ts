import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ownerDataRegistry } from './owner-data';

const domainsDir = new URL('./domains/', import.meta.url);

/** The domain folders that hold an owner-data module (the registry's convention: `domains/<domain>/owner-data.ts`). */
const foldersWithOwnerData = readdirSync(domainsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(new URL(`${entry.name}/owner-data.ts`, domainsDir)))
  .map((entry) => entry.name)
  .sort();

describe('the owner-data registry', () => {
  it('lists every domain whose folder holds an owner-data module, once', () => {
    const listed = ownerDataRegistry.map((definition) => definition.domain);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(foldersWithOwnerData);
  });

  it.each(ownerDataRegistry.map((d) => [d.domain, d] as const))(
    '%s: its entry is the one its own folder exports',
    async (domain, definition) => {
      const mod = (await import(`./domains/${domain}/owner-data.ts`)) as Record<string, unknown>;
      expect(Object.values(mod)).toContain(definition);
    },
  );
});

import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint rule that keeps test code out of the source (eslint.config.js: `@typescript-eslint/no-restricted-imports`
 * on every non-test file under a workspace's src/), run through ESLint's Node API on fixtures linted as if they were
 * files at these paths (the files need not exist).
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The messages of the rule for `code` linted as `file` (a path from the repository's root). */
async function testCodeErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((m) => m.message);
}

const testImports = [
  "import { describe } from 'vitest';",
  "import { createMemoryStores } from '../../testing/data/memory';",
  "import { sampleEvent } from '@reviewroute/functions/testing/events';",
  "import { sampleSurvey } from '@reviewroute/shared/testing';",
  'void [describe, createMemoryStores, sampleEvent, sampleSurvey];',
  '',
].join('\n');

describe('test code stays out of src (lint)', () => {
  it('fails a source file that imports vitest, a fake or a fixture, in every workspace', async () => {
    const errors = await testCodeErrors('functions/src/lib/fixture.ts', testImports);
    expect(errors).toHaveLength(4);
    expect(errors[0]).toContain('Only tests import vitest and the testing trees');
    const web = "import { renderWithApp } from '@testing/render';\nvoid renderWithApp;\n";
    expect(await testCodeErrors('web/src/lib/fixture.tsx', web)).toHaveLength(1);
    const shared = "import { vi } from 'vitest';\nvoid vi;\n";
    expect(await testCodeErrors('shared/src/fixture.ts', shared)).toHaveLength(1);
    expect(await testCodeErrors('infra/src/fixture.ts', shared)).toHaveLength(1);
  });

  it('lets a test under src import them', async () => {
    expect(await testCodeErrors('functions/src/lib/fixture.test.ts', testImports)).toEqual([]);
  });
});

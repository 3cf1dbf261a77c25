import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint rule that keeps the Lambda domains apart (eslint.config.js: `import-x/no-restricted-paths`, one zone per
 * folder of functions/src/domains), run through ESLint's Node API on fixtures: code linted as if it were a file of a
 * domain folder (the file need not exist; what it imports does).
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: root });
const domains = readdirSync(new URL('functions/src/domains/', `file://${root}`), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The messages of the domain rule for `code` linted as `file` (a path from the repository's root). */
async function domainErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('domains do not import each other (lint)', () => {
  it('fails a domain’s source or test that imports another domain, however the path is written', async () => {
    const crossing: [file: string, code: string][] = [
      [
        'functions/src/domains/public/fixture.ts',
        "import { toApiBatch } from '../requests/service';\nvoid toApiBatch;\n",
      ],
      [
        'functions/src/domains/account/fixture.ts',
        "import { paymentRateKey } from '../../domains/payments/service';\nvoid paymentRateKey;\n",
      ],
      [
        'functions/src/domains/surveys/fixture.test.ts',
        "import type { DangerZone } from '../account/danger-zone';\nexport type Z = DangerZone;\n",
      ],
    ];
    for (const [file, code] of crossing) {
      const errors = await domainErrors(file, code);
      expect(errors, file).toHaveLength(1);
      expect(errors[0]).toContain('Domains do not import each other');
    }
  });

  it('bounds every domain folder, a new one included (the list is read from the folders)', async () => {
    expect(domains.length).toBeGreaterThan(1);
    for (const [i, domain] of domains.entries()) {
      const other = domains[(i + 1) % domains.length]!;
      const code = `import { handler } from '../${other}/handler';\nvoid handler;\n`;
      expect(await domainErrors(`functions/src/domains/${domain}/fixture.ts`, code), domain).toHaveLength(1);
    }
  });

  it('lets a domain import its own modules, data, lib and shared', async () => {
    const code = [
      "import { accountDeleteMessages } from '@reviewroute/shared';",
      "import { createLinkMarker } from '../../data/link-marks';",
      "import { logger } from '../../lib/logger';",
      "import { toApiBatch } from './service';",
      'void [accountDeleteMessages, createLinkMarker, logger, toApiBatch];',
      '',
    ].join('\n');
    expect(await domainErrors('functions/src/domains/requests/fixture.ts', code)).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cognitoLocalInternals, cognitoLocalVersion, requireFromCognitoLocal } from './cognito-local';

/**
 * The local Cognito is built from cognito-local's internals (cognito-local.ts). When an upgrade moves or
 * reshapes one of them, this names it; bump `cognitoLocalVersion` together with infra/package.json only
 * once it passes again.
 */
describe('cognito-local internals the local stack builds on', () => {
  it('is the pinned version, pinned exactly', () => {
    const installed = requireFromCognitoLocal('./package.json') as { version: string };
    const infra = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(infra.dependencies['cognito-local'], 'infra/package.json pins cognito-local exactly').toBe(
      cognitoLocalVersion,
    );
    expect(installed.version, 'installed cognito-local').toBe(cognitoLocalVersion);
  });

  for (const [path, exports] of Object.entries(cognitoLocalInternals)) {
    it(`${path} still has ${Object.keys(exports).join(', ')}`, async () => {
      const mod = (await import(path).catch((error: unknown) => {
        throw new Error(`cognito-local no longer has ${path}: ${String(error)}`);
      })) as Record<string, unknown>;
      for (const [name, shape] of Object.entries(exports)) {
        const value = mod[name];
        if (shape === 'object') {
          expect(typeof value === 'object' && value !== null, `${path} exports ${name} (an object)`).toBe(true);
          continue;
        }
        expect(typeof value, `${path} exports ${name} (a ${shape === 'function' ? 'function' : 'class'})`).toBe(
          'function',
        );
        if (shape === 'function') continue;
        const prototype = (value as { prototype?: object }).prototype;
        expect(prototype, `${name} is a class`).toBeDefined();
        for (const member of shape.members) expect(member in prototype!, `${name} has ${member}`).toBe(true);
      }
    });
  }

  it('lends its logger', () => {
    expect(typeof requireFromCognitoLocal('pino'), 'cognito-local depends on pino').toBe('function');
  });
});

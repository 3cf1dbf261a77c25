import type { Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';

/** The generated schema modules of the AWS SDK v3 clients (`schemas_0.js`, …). */
export const sdkSchemaModule = /[\\/]@aws-sdk[\\/]client-[^\\/]+[\\/]dist-es[\\/]schemas[\\/]schemas_\d+\.js$/;

/**
 * Writes the computed keys of an SDK schema module as the strings they are: `{ [_h]: [...] }`, with
 * `const _h = "http";` at the top of the same module, becomes `{ "http": [...] }`.
 *
 * Why: each client's schemas module declares one array per shape and operation of the whole service, and
 * esbuild may only drop the unused ones if building them has no side effect. A computed key might run a
 * `toString()`, so esbuild keeps every declaration with one (every operation's HTTP trait, most members),
 * and with them everything they point to: CloudFront's 1,300 shapes for one CreateInvalidation. With
 * literal keys the declarations are pure and tree-shaking keeps the shapes a bundle's commands reach.
 * The values are the same strings; only how the key is written changes.
 */
export function literalSchemaKeys(source: string): string {
  const strings = new Map<string, string>();
  for (const [, name, literal] of source.matchAll(/^const (\w+) = ("(?:[^"\\\n]|\\.)*");$/gm))
    strings.set(name!, literal!);
  return source.replace(/([{,]\s*)\[(\w+)\]:/g, (whole, before: string, name: string) => {
    const literal = strings.get(name);
    return literal === undefined ? whole : `${before}${literal}:`;
  });
}

/** The esbuild plugin applying {@link literalSchemaKeys} to every SDK client's schema modules. */
export const sdkSchemaKeys: Plugin = {
  name: 'sdk-schema-keys',
  setup(build) {
    build.onLoad({ filter: sdkSchemaModule }, async ({ path }) => ({
      contents: literalSchemaKeys(await readFile(path, 'utf8')),
      loader: 'js',
    }));
  },
};

import { build, type BuildOptions } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { literalSchemaKeys, sdkSchemaKeys } from './sdk-schema-keys';

const require = createRequire(import.meta.url);
const functionsPackage = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
};
/** Every SDK client the Lambdas bundle. */
const clients = Object.keys(functionsPackage.dependencies).filter((name) => name.startsWith('@aws-sdk/client-'));
const schemaModule = (client: string) =>
  join(dirname(require.resolve(`${client}/package.json`)), 'dist-es', 'schemas', 'schemas_0.js');

/** Where the bundles' imports resolve: the functions workspace, whose dependencies the Lambdas bundle. */
const functionsDir = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'sdk-schema-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function bundle(contents: string, options: BuildOptions): Promise<string> {
  const { outputFiles } = await build({
    stdin: { contents, resolveDir: functionsDir, loader: 'js' },
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    mainFields: ['module', 'main'],
    logLevel: 'error',
    ...options,
  });
  return outputFiles![0]!.text;
}

/**
 * A schema as plain data: its thunks (`() => Other$`) followed, each array met again written as the
 * number of its first visit, so two graphs compare equal exactly when they have the same shape.
 */
function plain(value: unknown, seen = new Map<unknown, number>()): unknown {
  if (typeof value === 'function') return plain((value as () => unknown)(), seen);
  if (value === null || typeof value !== 'object') return value;
  const visit = seen.get(value);
  if (visit !== undefined) return { visit };
  seen.set(value, seen.size);
  if (Array.isArray(value)) return value.map((item) => plain(item, seen));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item, seen)]));
}

describe('the SDK schema keys written as literals', () => {
  it('replaces computed keys naming a string constant of the module, and nothing else', () => {
    const source = [
      'const _h = "http";',
      'const _e = "error";',
      'let other = "x";',
      'export var Op$ = [9, n0, _O, { [_h]: ["POST", "/a", 200], [other]: 1 }, () => In$];',
      'export var Err$ = [-3, n0, _E, {[_e]: _c,[_h]: 400}, [_M], [0]];',
      'export var List$ = [1, [_h], [_e]];',
    ].join('\n');
    const out = literalSchemaKeys(source);
    expect(out).toContain('{ "http": ["POST", "/a", 200], [other]: 1 }');
    expect(out).toContain('{"error": _c,"http": 400}');
    expect(out).toContain('export var List$ = [1, [_h], [_e]];');
  });

  it.each(clients)('leaves every schema of %s as it was', async (client) => {
    const contents = `export * from ${JSON.stringify(schemaModule(client))};`;
    const [asShipped, rewritten] = await Promise.all([
      bundle(contents, {}),
      bundle(contents, { plugins: [sdkSchemaKeys] }),
    ]);
    expect(rewritten).not.toEqual(asShipped);
    const load = async (name: string, code: string) => {
      const file = join(dir, `${client.replace(/\W/g, '-')}-${name}.mjs`);
      writeFileSync(file, code);
      return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    };
    const [before, after] = await Promise.all([load('shipped', asShipped), load('rewritten', rewritten)]);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    // The error registries hold the bundle's own error classes; the error schemas are compared below.
    const schemas = (module: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(module).filter(([name]) => name !== 'errorTypeRegistries'));
    expect(plain(schemas(after))).toEqual(plain(schemas(before)));
  });

  it('lets a bundle keep only the shapes its commands reach', async () => {
    const contents =
      "import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';" +
      'export const send = (input) => new CloudFrontClient({}).send(new CreateInvalidationCommand(input));';
    const options: BuildOptions = { minify: true };
    const [asShipped, rewritten] = await Promise.all([
      bundle(contents, options),
      bundle(contents, { ...options, plugins: [sdkSchemaKeys] }),
    ]);
    // An operation the bundle never sends, and the shapes only it uses.
    expect(asShipped).toContain('/2020-05-31/vpc-origin/{Id}');
    expect(rewritten).not.toContain('/2020-05-31/vpc-origin/{Id}');
    expect(rewritten).not.toContain('AnycastIpListSummary');
    expect(rewritten).toContain('/2020-05-31/distribution/{DistributionId}/invalidation');
    expect(rewritten.length).toBeLessThan(asShipped.length - 50_000);
  });
});

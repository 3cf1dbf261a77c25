import { build } from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lambdaBuildOptions } from '../../src/bundling';
import { createEntities } from '../../src/data/entities';
import { Validator } from './jsonschema';

type EntitiesModule = { createEntities: typeof createEntities } & {
  DynamoDBClient: typeof DynamoDBClient;
  DynamoDBDocumentClient: typeof DynamoDBDocumentClient;
};

const dataDir = fileURLToPath(new URL('../../src/data/', import.meta.url));
const clientConfig = { region: 'eu-west-1', credentials: { accessKeyId: 'shim', secretAccessKey: 'test' } };

/** An entity's parsed model (electrodb's, not in its types) without functions (they differ by identity only). */
const modelOf = (entity: object): unknown =>
  JSON.parse(
    JSON.stringify((entity as { model?: unknown }).model, (_k, v: unknown) => (typeof v === 'function' ? 'fn' : v)),
  );

describe('the stand-ins of the Lambda bundles', () => {
  let dir: string;
  let bundled: EntitiesModule;

  beforeAll(async () => {
    // The table's entities and their SDK, bundled with the options CDK bundles each Lambda with.
    const { outputFiles } = await build({
      ...lambdaBuildOptions,
      stdin: {
        contents:
          "export { createEntities } from './entities';" +
          "export { DynamoDBClient } from '@aws-sdk/client-dynamodb';" +
          "export { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';",
        resolveDir: dataDir,
        loader: 'ts',
      },
      write: false,
      sourcemap: false,
      logLevel: 'error',
    });
    dir = mkdtempSync(join(tmpdir(), 'shims-'));
    const file = join(dir, 'entities.mjs');
    writeFileSync(file, outputFiles[0]!.contents);
    bundled = (await import(pathToFileURL(file).href)) as EntitiesModule;
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('builds every entity as electrodb with its real model checks does, and a put the same', () => {
    const real = createEntities(DynamoDBDocumentClient.from(new DynamoDBClient(clientConfig)), 'table');
    const inBundle = bundled.createEntities(
      bundled.DynamoDBDocumentClient.from(new bundled.DynamoDBClient(clientConfig)),
      'table',
    );
    expect(Object.keys(inBundle).sort()).toEqual(Object.keys(real).sort());
    expect(modelOf(real.response)).toMatchObject({ entity: 'response', original: { model: { entity: 'response' } } });
    for (const name of Object.keys(real) as (keyof typeof real)[])
      if (name !== 'service') expect(modelOf(inBundle[name]), name).toEqual(modelOf(real[name]));
    expect(Object.keys(inBundle.service.entities).sort()).toEqual(Object.keys(real.service.entities).sort());
    const put = (entities: typeof real) =>
      entities.response
        .create({
          surveyId: 's1',
          responseId: 'r1',
          rating: 4,
          googleReviewClicked: false,
          createdAt: '2026-11-27T10:00:00.000Z',
          clickTokenHash: 'h',
        })
        .params();
    expect(put(inBundle)).toEqual(put(real));
  });

  it('refuses what the real validator refuses at the top level of a model', () => {
    const v1 = {
      required: ['model', 'attributes', 'indexes'],
      properties: { model: { type: 'object', properties: { entity: { type: 'string', required: true } } } },
    };
    const validator = new Validator();
    expect(validator.validate({ model: { entity: 'a' }, attributes: {}, indexes: {} }, v1).errors).toEqual([]);
    expect(validator.validate({ model: {}, attributes: {}, indexes: {} }, v1).errors).toHaveLength(1);
    expect(validator.validate({ model: 'a', attributes: {}, indexes: {} }, v1).errors).toHaveLength(1);
    expect(validator.validate({ attributes: {} }, v1).errors).toHaveLength(2);
  });
});

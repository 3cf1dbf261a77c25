import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appConfigSchema } from '@reviewroute/shared';
import type { stageConfig } from '../config';
import { standaloneWebStack } from '../../testing/test-app';

/** The config.json the web stack deploys for a stage with these context values, as the app parses it. */
function deployedConfig(context: Parameters<typeof stageConfig>[0]) {
  const root = mkdtempSync(join(tmpdir(), 'reviewroute-web-config-'));
  try {
    const site = join(root, 'site');
    mkdirSync(join(site, 'assets'), { recursive: true });
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>ReviewRoute</title>');
    const outdir = join(root, 'cdk.out');
    standaloneWebStack({ siteAssetDir: site, context, outdir }).app.synth();
    // Source.jsonData stages config.json as an asset folder of its own.
    const files = readdirSync(outdir)
      .map((name) => join(outdir, name, 'config.json'))
      .filter((file) => existsSync(file));
    expect(files).toHaveLength(1);
    return appConfigSchema.parse(JSON.parse(readFileSync(files[0]!, 'utf8')));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

describe("web stack: the app's config.json", () => {
  it('is for SRP sign-in against the stage pool, with place search when the stage names a Places key parameter', () => {
    expect(deployedConfig({ placesApiKeyParameter: '/reviewroute/dev/google-places-api-key' })).toEqual({
      region: 'eu-west-1',
      userPoolId: 'eu-west-1_pool',
      userPoolClientId: 'client',
      authFlowType: 'USER_SRP_AUTH',
      placeSearch: true,
    });
  });

  it('says place search is not configured without one', () => {
    expect(deployedConfig({}).placeSearch).toBe(false);
  });
});

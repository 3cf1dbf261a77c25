import { Template } from 'aws-cdk-lib/assertions';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrerenderManifest, prerenderManifestFile, siteOriginPlaceholder } from '@reviewroute/shared';
import { standaloneWebStack } from '../../testing/test-app';

/** A built site with prerendered pages, as `npm run build -w web` leaves it. */
function builtSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'reviewroute-site-'));
  mkdirSync(join(dir, 'assets'), { recursive: true });
  mkdirSync(join(dir, 'prerendered', 'nl'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>ReviewRoute</title>');
  const page = `<link rel="canonical" href="${siteOriginPlaceholder}/nl/over-ons"><h1>Over ReviewRoute</h1>`;
  writeFileSync(join(dir, 'prerendered', 'nl', 'over-ons.html'), page);
  writeFileSync(join(dir, 'sitemap.xml'), `<loc>${siteOriginPlaceholder}/nl/over-ons</loc>`);
  const manifest: PrerenderManifest = {
    pages: { '/nl/over-ons': '/prerendered/nl/over-ons.html' },
    filesWithOrigin: ['prerendered/nl/over-ons.html', 'sitemap.xml'],
  };
  writeFileSync(join(dir, prerenderManifestFile), JSON.stringify(manifest));
  return dir;
}

describe('web stack with prerendered pages', () => {
  let site: string;
  let template: Template;
  beforeAll(() => {
    site = builtSite();
    template = Template.fromStack(standaloneWebStack({ siteAssetDir: site }).stack);
  });
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  it('serves each prerendered page its own file at the edge', () => {
    const functions = template.findResources('AWS::CloudFront::Function');
    const codes = Object.values(functions).map(
      (f) => (f as { Properties: { FunctionCode: string } }).Properties.FunctionCode,
    );
    expect(codes.some((code) => code.includes('"/nl/over-ons":"/prerendered/nl/over-ons.html"'))).toBe(true);
  });

  it('deploys the files that carry the origin placeholder with the distribution domain in its place', () => {
    const deployments = Object.values(template.findResources('Custom::CDKBucketDeployment')).map(
      (d) => (d as { Properties: Record<string, unknown> }).Properties,
    );
    const site = deployments.find((d) => (d.SourceObjectKeys as unknown[]).length > 2);
    expect(site).toBeDefined();
    // The asset, config.json, then one data source per file: each with a marker for the site origin.
    expect(site!.SourceObjectKeys).toHaveLength(4);
    const markers = site!.SourceMarkers as Record<string, unknown>[];
    expect(markers).toHaveLength(4);
    for (const fileMarkers of markers.slice(2)) {
      expect(JSON.stringify(fileMarkers)).toMatch(/Distribution[0-9A-F]*".*"DomainName"/);
    }
  });
});

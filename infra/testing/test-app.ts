import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Finding, readFindings } from '../src/nag-report';
import { repoRoot } from '../src/paths';
import { addReviewRouteStacks, type ReviewRouteStacks } from '../src/reviewroute-app';
import { stageConfig } from '../src/config';
import { WebStack } from '../src/stacks/web-stack';

export const testEnv = { account: '123456789012', region: 'eu-west-1' } as const;

export interface TestApp {
  readonly stacks: ReviewRouteStacks;
  /** Findings left in validation-report.json (cdk-nag errors would already have thrown in synth). */
  readonly findings: Finding[];
  template(stack: keyof Omit<ReviewRouteStacks, 'config'>): Template;
  /** Removes the temporary assembly and site folders. */
  cleanup(): void;
}

export interface TestAppOptions {
  readonly context?: Record<string, unknown>;
  /** Bundle the Lambdas with esbuild (slow-ish); off unless the test looks at the functions. */
  readonly bundle?: boolean;
}

/**
 * Synthesizes the whole app once, the way `cdk synth` does: the feature flags from cdk.json, cdk-nag
 * registered, a temporary assembly directory, and a temporary "web/dist" with just an index.html.
 */
export function synthTestApp(options: TestAppOptions = {}): TestApp {
  const root = mkdtempSync(join(tmpdir(), 'reviewroute-cdk-'));
  const outdir = join(root, 'cdk.out');
  const siteAssetDir = join(root, 'site');
  mkdirSync(join(siteAssetDir, 'assets'), { recursive: true });
  writeFileSync(join(siteAssetDir, 'index.html'), '<!doctype html><title>ReviewRoute</title>');
  writeFileSync(join(siteAssetDir, 'assets', 'index-abc123.js'), 'console.log(1);');

  const cdkJson = JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  const app = new App({
    outdir,
    context: {
      ...cdkJson.context,
      // An empty list skips asset bundling for every stack.
      ...(options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }),
      ...options.context,
    },
  });
  const stacks = addReviewRouteStacks(app, { siteAssetDir, env: testEnv });
  const assembly = app.synth();
  return {
    stacks,
    findings: readFindings(assembly.directory),
    template: (name) => Template.fromStack(stacks[name]),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/**
 * The web stack alone in an app of its own (no bundling; cdk.json's flag that access logs are delivered under a
 * bucket policy), with made-up ids for what the other stacks would give it.
 */
export function standaloneWebStack(options: {
  siteAssetDir: string;
  context?: Parameters<typeof stageConfig>[0];
  outdir?: string;
}): { app: App; stack: WebStack } {
  const app = new App({
    ...(options.outdir ? { outdir: options.outdir } : {}),
    context: { 'aws:cdk:bundling-stacks': [], '@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy': true },
  });
  const stack = new WebStack(app, 'Web', {
    env: testEnv,
    config: stageConfig(options.context ?? {}),
    siteAssetDir: options.siteAssetDir,
    apiDomainName: 'abc123.execute-api.eu-west-1.amazonaws.com',
    originVerifySecretName: 'reviewroute/dev/origin-verify',
    webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/reviewroute-dev/abc',
    userPoolId: 'eu-west-1_pool',
    userPoolClientId: 'client',
  });
  return { app, stack };
}

/**
 * How Lambda bundles are built; shared by the CDK NodejsFunction bundling options and the local bundle
 * script so the two never differ. ESM output because middy is ESM-only; the banner gives bundled
 * CommonJS dependencies a `require`. The AWS SDK v3 ships with the nodejs22.x runtime, so it stays out.
 */
export const lambdaBundling = {
  target: 'node22',
  minify: true,
  sourceMap: true,
  mainFields: ['module', 'main'],
  banner:
    "import { createRequire as __createRequire } from 'module'; const require = __createRequire(import.meta.url);",
  externalModules: ['@aws-sdk/*'],
} as const;

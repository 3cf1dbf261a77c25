/**
 * How Lambda bundles are built; shared by the CDK NodejsFunction bundling options and the local bundle
 * script so the two never differ. ESM output because middy is ESM-only; the banner gives bundled
 * CommonJS dependencies a `require`. The AWS SDK is bundled too rather than taken from the runtime:
 * the runtime lacks some packages we use (s3-presigned-post) and pins versions we do not control, and
 * lib-dynamodb must match its client's version exactly.
 */
export const lambdaBundling = {
  target: 'node22',
  minify: true,
  sourceMap: true,
  mainFields: ['module', 'main'],
  banner:
    "import { createRequire as __createRequire } from 'module'; const require = __createRequire(import.meta.url);",
  externalModules: [] as string[],
} as const;

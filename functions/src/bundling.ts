import { fileURLToPath } from 'node:url';

/**
 * How Lambda bundles are built; shared by the CDK NodejsFunction bundling options and the local bundle
 * script (functions/scripts/bundle.ts) so the two never differ. ESM output because middy is ESM-only, and
 * ESM lets esbuild drop the unused parts of ESM packages (`module` before `main`); the banner gives bundled
 * CommonJS dependencies a `require`. Source maps are written beside the bundle (`index.mjs.map`), never
 * inlined, so they cost no load time until an error is mapped.
 *
 * The AWS SDK v3 is NOT bundled: the nodejs22.x runtime ships it (and resolves it for ES modules through
 * NODE_PATH), and bundled it was most of every bundle (0.3 to 0.7 MB of clients, protocols and the
 * credential chain per domain; measured with `tsx functions/scripts/bundle.ts --analyze`), which no
 * tree-shaking removes because each client pulls its whole runtime config. The price is that production runs
 * the runtime's SDK version, not the one in package-lock.json, which the tests run: we use only long-stable
 * commands of the SDK, lib-dynamodb comes from the same runtime as its client (so the two always match), and
 * the runtime also has s3-presigned-post.
 */
export const lambdaBundling = {
  target: 'node22',
  minify: true,
  sourceMap: true,
  mainFields: ['module', 'main'],
  banner:
    "import { createRequire as __createRequire } from 'module'; const require = __createRequire(import.meta.url);",
  externalModules: ['@aws-sdk/*'],
  /** Packages replaced by a stand-in (absolute paths): each says in its file why its real code never runs. */
  alias: {
    'whatwg-url': fileURLToPath(new URL('../scripts/shims/whatwg-url.ts', import.meta.url)),
  } as Record<string, string>,
} as const;

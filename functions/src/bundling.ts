import { build, type BuildOptions } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { sdkSchemaKeys } from '../scripts/sdk-schema-keys';

const shim = (name: string) => fileURLToPath(new URL(`../scripts/shims/${name}.ts`, import.meta.url));

/**
 * The AWS SDK is bundled, not taken from the nodejs22.x runtime (which has it, and resolves it for ES
 * modules through NODE_PATH). Measured both ways (`npm run bench -- lambda`, `runtimeSdk` flipped): the
 * runtime's SDK makes the bundles 2 to 3 times smaller (150 to 440 KB) but the time to load one and build
 * its handler 2.5 to 3 times longer, because each CommonJS client then loads whole (every command,
 * protocol and credential source) where the bundled one is tree-shaken and parsed in one piece; and
 * bundled, production runs the SDK versions the tests run (lib-dynamodb must match its client exactly).
 * What the bundled SDK need not carry in Lambda is replaced by `alias`.
 */
const runtimeSdk = false;

/**
 * How every Lambda bundle is built: by {@link buildLambda}, which CDK's asset bundling (through
 * functions/scripts/bundle.ts), the bundle script and the bench all call, so no two builds differ. ESM
 * output because middy is ESM-only, and ESM (`module` before `main`) lets esbuild drop the unused parts of
 * ESM packages; the banner gives bundled CommonJS dependencies a `require`. Source maps are written beside
 * the bundle (`index.mjs.map`), without the sources' text: Node (`--enable-source-maps`) reads the whole
 * map at load, and the mappings alone give the stack traces their file and line.
 */
export const lambdaBuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  banner: {
    js: "import { createRequire as __createRequire } from 'module'; const require = __createRequire(import.meta.url);",
  },
  external: runtimeSdk ? ['@aws-sdk/*'] : [],
  // Packages that ship a development build (react-dom/server, in the surveys Lambda's page renderer) bundle only
  // their production one.
  define: { 'process.env.NODE_ENV': '"production"' },
  // The SDK clients' schema modules rewritten so that esbuild can tree-shake them (see the plugin).
  plugins: [sdkSchemaKeys],
  logLevel: 'warning',
  /**
   * Packages replaced in bundles: by a stand-in (each says in its file why its real code is not needed), or
   * by one copy of themselves.
   *
   * What keeps most bundles above 500 KB minified (`npx tsx functions/scripts/bundle.ts --analyze`): every
   * bundle with the table carries electrodb (about 190 KB, CommonJS, kept whole but for its model checks),
   * zod (about 95 KB: the classic API the shared schemas are written in; `zod/mini` would mean rewriting
   * them) and the DynamoDB client with the SDK core (about 150 KB). Where images are stored, client-s3 and
   * its XML protocol add about 110 KB and CloudFront's invalidation about 70 KB (most of it the service's
   * 150 error classes, which the client registers to tell errors apart); mail adds i18next (about 50 KB);
   * payments the Mollie client (about 265 KB). Hand-written stand-ins for the SDK clients and the Mollie
   * client were tried (130 to 440 KB less) and not kept: production would then sign, retry and trust TLS
   * with our code instead of the maintained clients'.
   */
  alias: {
    '@aws-sdk/credential-provider-node': shim('credential-provider-node'),
    'whatwg-url': shim('whatwg-url'),
    jsonschema: shim('jsonschema'),
    '@smithy/core/event-streams': shim('event-streams'),
    // Resolved through functions/package.json, whose entry for it sends electrodb's `require()` and our
    // imports to different files (see functions/scripts/shims/lib-dynamodb.ts).
    '@aws-sdk/lib-dynamodb': '@reviewroute/functions/lambda-shims/lib-dynamodb',
    // @aws-sdk/s3-presigned-post brings its own, older client-s3 (for PutObjectCommand's endpoint
    // parameters): one client-s3, the one we use (about 74 KB less where images are uploaded).
    '@aws-sdk/client-s3': fileURLToPath(new URL('../../node_modules/@aws-sdk/client-s3/', import.meta.url)),
  } as Record<string, string>,
} satisfies BuildOptions;

/** Bundles one Lambda's entry into `outfile` (and `outfile.map`) with {@link lambdaBuildOptions}. */
export const buildLambda = (entry: string, outfile: string, options: BuildOptions = {}) =>
  build({ ...lambdaBuildOptions, entryPoints: [entry], outfile, ...options });

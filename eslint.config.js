// One lint setup for every workspace. Import direction rules follow bulletproof-react: shared imports
// nothing of ours; web features never import each other; ui components import only lib/hooks; no module
// imports itself back through a chain of imports; in functions/ lower layers never import higher ones.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/** Every folder under web/src/features is a feature: a new one is bounded the day it is created. */
const features = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/**
 * Every folder under functions/src/domains is a domain: each imports no other (a new one is bounded the day it is
 * created). What two need goes down into functions/src/data or lib; the account erasure and export reach the others'
 * data through the owner-data registry (functions/src/owner-data.ts) above them.
 */
const functionDomains = readdirSync(new URL('./functions/src/domains', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** The one feature others may import: the survey calls, hooks and link panel the sidebar, dashboard and wizard share. */
const sharedFeature = 'surveys';
/** ESLint takes a rule's options from the last matching block, so every web block repeats this pattern. */
const webImportsOnlyShared = {
  group: ['@reviewroute/functions*', '@reviewroute/infra*'],
  message: 'The web app may import only @reviewroute/shared.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'cdk.out/**',
      '.data/**',
      '.cache/**',
      'coverage/**',
      'tests/.artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  // Import cycles: the resolver reads each workspace's tsconfig, so web's `@/…` alias and the `@reviewroute/*`
  // workspace packages resolve to their sources and a cycle through them is seen. Type-only imports are
  // ignored (they vanish at runtime); a lazy `import()` counts, since it still ties the two modules together.
  {
    files: ['{functions,web,shared,infra}/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these the plugin reads only .js files and follows no import into a .ts/.tsx module.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['shared/tsconfig.json', 'functions/tsconfig.json', 'web/tsconfig.json', 'infra/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // A named `z` import keeps all of zod (its locales included) in a Lambda bundle; the namespace import lets
  // esbuild drop what a domain does not use.
  {
    files: ['shared/**/*.ts', 'functions/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[importKind!='type']",
          message: "Import zod as a namespace (import * as z from 'zod') so Lambda bundles drop what they do not use.",
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@reviewroute/*', '../../*'], message: 'shared/ imports nothing from the other workspaces.' },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [webImportsOnlyShared],
        },
      ],
    },
  },
  // Features do not import each other: each feature may import only itself, the shared surveys feature, shared
  // code and app-wide folders.
  ...features.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            webImportsOnlyShared,
            {
              group: features
                .filter((f) => f !== feature && f !== sharedFeature)
                .flatMap((f) => [`@/features/${f}`, `@/features/${f}/*`, `../${f}`, `../${f}/*`, `../../${f}/*`]),
              message: `Features do not import each other; move what both need to web/src/features/${sharedFeature}, web/src/lib or web/src/components.`,
            },
            { group: ['@/app/*', '@/app'], message: 'Features do not import the app layer.' },
          ],
        },
      ],
    },
  })),
  // Shared folders sit below the features: they never import a feature or the app layer.
  {
    files: ['web/src/{lib,hooks,components}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            webImportsOnlyShared,
            {
              group: ['@/features', '@/features/*', '@/app', '@/app/*', '**/features/*', '**/app/*'],
              message: 'Shared code imports no feature and not the app layer.',
            },
          ],
        },
      ],
    },
  },
  // The public survey page stays small: zod-free entries of shared only (its types come from the index).
  {
    files: ['web/src/survey/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@reviewroute/shared',
              allowTypeImports: true,
              message: 'The public page imports values only from @reviewroute/shared/routes and /domain (no zod).',
            },
            { name: 'zod', message: 'The public page checks answers by hand: no zod on the phone.' },
          ],
          patterns: [
            {
              regex: '^@/(?!lib/language$|locales/)',
              message: 'The public page is its own small bundle: it imports only the zod-free @/lib/language.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['functions/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // One exception: the server renderer of the public survey page, which the surveys Lambda writes at
              // publish with the same components the browser hydrates (web/src/survey/server/render.tsx).
              regex: '^@reviewroute/(?:web(?!/survey-pages$)|infra)',
              message: 'functions/ may import only @reviewroute/shared (and the survey page renderer).',
            },
          ],
        },
      ],
      // Nothing points up: lib (plumbing) knows no data access and no domain; data access knows no domain.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './functions/src/lib',
              from: ['./functions/src/data', './functions/src/entitlements', './functions/src/domains'],
              message: 'functions/src/lib sits below data and domains: pass what it needs in as an argument.',
            },
            {
              target: './functions/src/data',
              from: ['./functions/src/domains', './functions/src/entitlements'],
              message: 'functions/src/data sits below the domains: move the shared piece down into data or lib.',
            },
            // What an owner may do is answered once, below the domains that ask it (surveys, requests, places, account).
            {
              target: './functions/src/entitlements',
              from: './functions/src/domains',
              message: 'functions/src/entitlements sits below the domains: it reads data and shared rules only.',
            },
            // Domains do not import each other, in source or tests.
            ...functionDomains.map((domain) => ({
              target: `./functions/src/domains/${domain}`,
              from: './functions/src/domains',
              except: [`./${domain}`],
              message: `Domains do not import each other: move what both need down into functions/src/data or functions/src/lib (an owner's data reaches the erasure and export through the domain's own owner-data.ts).`,
            })),
          ],
        },
      ],
    },
  },
  // Test code (fakes, contract suites, fixtures, render helpers) lives in each workspace's testing/ tree beside src/:
  // no source file that is not a test imports it or vitest, so none of it is counted as source or bundled. The
  // typescript-eslint twin of no-restricted-imports, so the blocks above keep their own patterns.
  {
    files: ['{functions,web,shared,infra}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['vitest', 'vitest/*', '**/testing', '**/testing/*', '@testing/*'],
              message: 'Only tests import vitest and the testing trees (functions/testing, web/testing, ...).',
            },
          ],
        },
      ],
    },
  },
);

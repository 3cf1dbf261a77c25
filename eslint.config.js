// One lint setup for every workspace. Import direction rules follow bulletproof-react: shared imports
// nothing of ours; web features never import each other; ui components import only lib/hooks.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const features = ['auth', 'dashboard', 'account', 'marketing', 'errors', 'surveys', 'survey-wizard'];

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
          patterns: [
            {
              group: ['@reviewroute/functions*', '@reviewroute/infra*'],
              message: 'The web app may import only @reviewroute/shared.',
            },
          ],
        },
      ],
    },
  },
  // Features do not import each other: each feature may import only itself, shared code and app-wide folders.
  ...features.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: features
                .filter((f) => f !== feature)
                .flatMap((f) => [`@/features/${f}`, `@/features/${f}/*`, `../${f}`, `../${f}/*`, `../../${f}/*`]),
              message: 'Features do not import each other; move what both need to web/src/lib or web/src/components.',
            },
            { group: ['@/app/*', '@/app'], message: 'Features do not import the app layer.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['web/src/components/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/features/*', '@/app/*'], message: 'ui components import only lib and hooks.' }] },
      ],
      // shadcn components export variants next to components
      'react-refresh/only-export-components': 'off',
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
              group: ['@reviewroute/web*', '@reviewroute/infra*'],
              message: 'functions/ may import only @reviewroute/shared.',
            },
          ],
        },
      ],
    },
  },
);

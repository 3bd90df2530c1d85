// Lint: typescript-eslint's recommended rules plus the import boundaries of DESIGN §3:
// shared ← lambdas/core ← adapters and entries; web imports shared only.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { zonesPlugin } from './scripts/lint/zones.js';

const noIo = [
  '@aws-sdk/*',
  'hono',
  'hono/*',
  '@hono/*',
  'electrodb',
  'stripe',
  'react',
  'react-dom',
  'aws-amplify',
];

const restrict = (groups, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }],
});

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      '.local',
      'cdk.out',
      'web/dist',
      'test-results',
      'playwright-report',
      '.test-output',
      '.scratch',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['shared/**/*.ts', 'lambdas/**/*.ts', 'infra/**/*.ts', 'web/**/*.{ts,tsx}'],
    plugins: { boundaries: zonesPlugin },
    rules: { 'boundaries/zones': 'error' },
  },
  {
    // `import * as z` lets esbuild keep only the zod the Lambdas use (~45 KB less each; docs/benchmarks.md).
    files: ['shared/**/*.ts', 'lambdas/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[importKind!='type']",
          message: "Import zod as a namespace: import * as z from 'zod'.",
        },
      ],
    },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: restrict(
      [...noIo, 'node:*', 'fs', 'http'],
      'shared/ is pure TypeScript: no I/O, no frameworks, no other layer.',
    ),
  },
  {
    files: ['lambdas/core/**/*.ts'],
    rules: restrict(noIo, 'lambdas/core holds use-cases behind ports: it imports shared and core only.'),
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: restrict(
      ['@aws-sdk/*', 'electrodb', 'hono', 'hono/*', 'stripe'],
      'web/ imports shared/ only (and its own code).',
    ),
  },
  {
    // Tests read loosely shaped JSON bodies; `any` there keeps assertions readable.
    files: ['test/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['infra/**/*.ts'],
    rules: restrict(['**/web/**', '**/local/**'], 'infra refers to Lambda code only by entry path.'),
  },
);

// Lint: typescript-eslint's recommended rules plus the import boundaries of DESIGN §3:
// shared ← lambdas/core ← adapters and entries; web imports shared only.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

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
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: restrict(
      [...noIo, '**/lambdas/**', '**/web/**', '**/infra/**', '**/local/**', 'node:*', 'fs', 'http'],
      'shared/ is pure TypeScript: no I/O, no frameworks, no other layer.',
    ),
  },
  {
    files: ['lambdas/core/**/*.ts'],
    rules: restrict(
      [...noIo, '**/adapters/**', '**/web/**', '**/infra/**', '**/local/**', '**/api/**', '**/dispatch/**'],
      'lambdas/core holds use-cases behind ports: it imports shared and core only.',
    ),
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: restrict(
      ['**/lambdas/**', '**/infra/**', '**/local/**', '@aws-sdk/*', 'electrodb', 'hono', 'hono/*'],
      'web/ imports shared/ only (and its own code).',
    ),
  },
  {
    files: ['lambdas/**/*.ts'],
    ignores: ['lambdas/core/**'],
    rules: restrict(
      ['**/web/**', '**/infra/**', '**/local/**'],
      'Lambdas never import web, infra or local code.',
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

// Lint: typescript-eslint's recommended rules plus the import boundaries of DESIGN §3:
// shared ← lambdas/core ← adapters and entries; web imports shared only.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import path from 'node:path';

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

/**
 * The SPA's layers (web/README.md): shared → lib/components/config → features → app. A feature never
 * imports another feature (the app's route pages compose them), and nothing below app imports app.
 * Relative imports are resolved against the importing file, so `../../workers/api/x` is caught too.
 */
const webLayers = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: { allow: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      crossFeature:
        'web/src/features/{{from}} imports web/src/features/{{to}}: features do not import each other; compose them in web/src/app.',
      upward:
        'web/src/{{from}} imports web/src/{{to}}: imports go shared → lib/components/config → features → app.',
    },
  },
  create(context) {
    const allowed = new Set(context.options[0]?.allow ?? []);
    const file = context.filename.split(path.sep).join('/');
    const at = file.lastIndexOf('/web/src/');
    if (at < 0) return {};
    const within = (p) => p.slice(p.lastIndexOf('/web/src/') + '/web/src/'.length).split('/');
    const [layer, feature] = within(file);
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source).split(path.sep).join('/');
      if (!target.includes('/web/src/')) return;
      const [toLayer, toFeature] = within(target);
      if (layer === 'features' && toLayer === 'features' && toFeature !== feature) {
        if (allowed.has(`${feature}->${toFeature}`)) return;
        context.report({ node, messageId: 'crossFeature', data: { from: feature, to: toFeature } });
      } else if (['lib', 'components', 'config', 'features'].includes(layer) && toLayer === 'app') {
        context.report({ node, messageId: 'upward', data: { from: layer, to: 'app' } });
      } else if (['lib', 'components', 'config'].includes(layer) && toLayer === 'features') {
        context.report({ node, messageId: 'upward', data: { from: layer, to: `features/${toFeature}` } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

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
    plugins: { raincheck: { rules: { 'web-layers': webLayers } } },
    rules: {
      ...restrict(
        ['**/lambdas/**', '**/infra/**', '**/local/**', '@aws-sdk/*', 'electrodb', 'hono', 'hono/*'],
        'web/ imports shared/ only (and its own code).',
      ),
      // settings → auth predates the rule: the password form reuses auth's password rules and error
      // mapping. To go: move those to shared/ or lib/ and drop the exception.
      'raincheck/web-layers': ['error', { allow: ['settings->auth'] }],
    },
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

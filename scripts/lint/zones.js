// A small ESLint rule for the import boundaries of DESIGN §3: every relative import is resolved
// against the importing file and checked against the zones of that file's folder. Package imports
// are checked by `no-restricted-imports` in eslint.config.js.
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');

/** Which repository folders a file may import from, by the folder it lives in (first match wins). */
export const ZONES = [
  {
    from: 'shared',
    allow: ['shared'],
    why: 'shared/ is pure TypeScript: it imports nothing of the other layers.',
  },
  {
    from: 'lambdas/core',
    allow: ['lambdas/core', 'shared'],
    why: 'lambdas/core holds use-cases behind ports: it imports shared and core only.',
  },
  {
    // What Lambda bundles resolve `zod` to (infra/bundling/lambda-bundling.ts): zod's own files but its
    // locales, reached by path because zod's package exports do not name them.
    from: 'lambdas/adapters/zod',
    allow: ['lambdas/adapters/zod', 'node_modules/zod/v4'],
    why: 'lambdas/adapters/zod re-exports zod’s own files and nothing else.',
  },
  {
    from: 'lambdas/adapters',
    allow: ['lambdas/adapters', 'lambdas/core', 'lambdas/config.ts', 'shared'],
    why: 'Adapters implement core ports; they never reach routes, the HTTP kit or an entry.',
  },
  {
    from: 'lambdas/http',
    allow: ['lambdas/http', 'lambdas/core', 'lambdas/adapters/auth', 'shared'],
    why: 'The HTTP kit knows the core (errors, caller) and how callers are verified, nothing else.',
  },
  {
    from: 'lambdas/routes',
    allow: [
      'lambdas/routes',
      'lambdas/http',
      'lambdas/core',
      'lambdas/adapters/stripe/stripe.events.ts',
      'shared',
    ],
    why: 'Route modules are thin: validate, call a use-case, map the result. Adapters come from the composition root.',
  },
  {
    from: 'lambdas',
    allow: ['lambdas', 'shared'],
    why: 'Lambda entries compose lambdas/ and shared/ only, never web, infra or local code.',
  },
  { from: 'infra', allow: ['infra', 'shared'], why: 'infra refers to Lambda code only by entry path.' },
  { from: 'web', allow: ['web', 'shared'], why: 'web/ imports shared/ only (and its own code).' },
];

const FEATURES = 'web/src/features/';

function relativeToRoot(file) {
  return path.relative(ROOT, file).split(path.sep).join('/');
}

function within(target, folder) {
  return target === folder || target.startsWith(`${folder}/`) || target === folder.replace(/\.ts$/, '');
}

function check(context, node, source) {
  if (typeof source !== 'string' || !source.startsWith('.')) return;
  const file = relativeToRoot(context.filename);
  const target = relativeToRoot(path.resolve(path.dirname(context.filename), source));
  const zone = ZONES.find((z) => within(file, z.from));
  if (zone && !zone.allow.some((allowed) => within(target, allowed))) {
    context.report({ node, message: `${zone.why} ('${source}' is ${target})` });
    return;
  }
  // Features of the SPA do not import each other, nor the app that composes them.
  if (file.startsWith(FEATURES)) {
    const own = file.slice(FEATURES.length).split('/')[0];
    if (target.startsWith(FEATURES) && target.slice(FEATURES.length).split('/')[0] !== own)
      context.report({
        node,
        message: `Features do not import each other: move what both need to web/src/components, lib or shared/ ('${source}').`,
      });
    else if (within(target, 'web/src/app'))
      context.report({ node, message: `Features do not import the app layer ('${source}').` });
  }
}

export const zonesPlugin = {
  rules: {
    zones: {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const visit = (node) => node.source && check(context, node, node.source.value);
        return {
          ImportDeclaration: visit,
          ExportNamedDeclaration: visit,
          ExportAllDeclaration: visit,
          ImportExpression: visit,
        };
      },
    },
  },
};

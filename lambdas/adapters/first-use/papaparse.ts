import type Papa from 'papaparse';
import { requiredOnFirstUse } from '../required-on-first-use';

/**
 * `papaparse` in a Lambda that bundles it apart (FIRST_USE_IMPORTS in infra/bundling/lambda-bundling.ts):
 * its 21 KB are parsed by the first workers' CSV read, not at every cold start.
 */
const papaparse = requiredOnFirstUse<typeof Papa>(
  'papaparse',
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- evaluated on first use (above)
  () => require('papaparse.on-first-use'),
);

/** The package's default export: each property read from the package itself, loaded on the first read. */
export default new Proxy({} as typeof Papa, {
  get: (_target, property) => Reflect.get(papaparse(), property),
});

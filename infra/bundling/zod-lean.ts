/**
 * Build-time only: what `zod` resolves to in Lambda bundles (tsconfig.lambda.json maps the bare
 * specifier here; `zod/v4` and other subpaths resolve as usual). Same exports and `z` as zod's entry,
 * minus what zod-api.ts leaves out. Type checking, tests, tsx and the SPA use zod itself.
 */
import * as z from './zod-api';

export * from './zod-api';
export { z, z as default };

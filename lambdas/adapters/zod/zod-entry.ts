import * as z from './zod-without-locales';

/**
 * What `import … from 'zod'` finds in a Lambda bundle: zod's root entry (`zod/index.js`: its names,
 * `z` and the default) over zod-without-locales.ts instead of zod's own list.
 */
export * from './zod-without-locales';
export { z, z as default };

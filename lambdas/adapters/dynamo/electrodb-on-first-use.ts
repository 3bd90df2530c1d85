import { createRequire } from 'node:module';

type ElectroDB = typeof import('electrodb');

let loaded: ElectroDB | undefined;

/**
 * ElectroDB itself, loaded when the first entity is built rather than with the module graph: its
 * module evaluation (~a third of a small Lambda's init, issue 26 item 8) belongs to the first
 * request that reads the table. In a Lambda bundle (CommonJS) the literal `require` is esbuild's own,
 * which evaluates the bundled copy on that call; under Node's ESM loader (tsx: the local stack and
 * scripts) `require` does not exist and `createRequire` loads the same package.
 */
export function electrodb(): ElectroDB {
  if (!loaded) {
    loaded =
      typeof require === 'function'
        ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- evaluated on first use (above)
          (require('electrodb') as ElectroDB)
        : (createRequire(import.meta.url)('electrodb') as ElectroDB);
  }
  return loaded;
}

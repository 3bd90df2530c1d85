import { createRequire } from 'node:module';

/**
 * A package loaded on its first use rather than with the module graph (issue 26 item 8): its module
 * evaluation belongs to the first request that needs it, not to every cold start. In a Lambda bundle
 * (CommonJS) `bundled` is a literal `require` of the package, esbuild's own, which evaluates the
 * bundled copy on that call; under Node's ESM loader (tsx: the local stack and scripts) `require` does
 * not exist and `createRequire` loads the same package by `id`.
 */
export function requiredOnFirstUse<T>(id: string, bundled: () => unknown): () => T {
  let loaded: T | undefined;
  return () =>
    (loaded ??= (typeof require === 'function' ? bundled() : createRequire(import.meta.url)(id)) as T);
}

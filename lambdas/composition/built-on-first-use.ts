import { builtOnFirstUse } from '../../shared/built-on-first-use';

/** A dependency built on its first use (shared/built-on-first-use.ts); never at module load. */
export { builtOnFirstUse };

/**
 * An object of repositories (`keys`) built together on the first use of any of them; each member
 * may be read (and handed on) at load, since each is itself built on first use.
 */
export function membersBuiltOnFirstUse<T extends object>(keys: readonly (keyof T)[], build: () => T): T {
  let built: T | undefined;
  const whole = (): T => (built ??= build());
  return Object.fromEntries(keys.map((key) => [key, builtOnFirstUse(() => whole()[key] as object)])) as T;
}

/**
 * A value built on its first use: the object stands in for what `build` returns and calls it when a
 * member is first read, never at module load (issue 26 item 8: a Lambda's load does only what every
 * request needs). Used for repositories that reach their ElectroDB entities while being built
 * (lambdas/composition) and for zod schemas, whose construction is most of a Lambda's module init:
 * `export const fooSchema = builtOnFirstUse(() => z.object({ … }))` keeps the export's type, and
 * the schema is built when a request first parses with it (or another schema built from it is).
 * Methods are bound to the built object, so classes with private members work through it.
 */
export function builtOnFirstUse<T extends object>(build: () => T): T {
  let built: T | undefined;
  const bound = new Map<PropertyKey, unknown>();
  const target = (): T => (built ??= build());
  return new Proxy({} as T, {
    get(_, name) {
      const value: unknown = Reflect.get(target(), name);
      if (typeof value !== 'function') return value;
      if (!bound.has(name)) bound.set(name, (value as (...args: unknown[]) => unknown).bind(target()));
      return bound.get(name);
    },
    set: (_, name, value) => Reflect.set(target(), name, value),
    has: (_, name) => Reflect.has(target(), name),
    ownKeys: () => Reflect.ownKeys(target()),
    // Reported as configurable: a proxy may not report a non-configurable property its own
    // (empty) target lacks.
    getOwnPropertyDescriptor(_, name) {
      const descriptor = Reflect.getOwnPropertyDescriptor(target(), name);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, name, descriptor) => Reflect.defineProperty(target(), name, descriptor),
    deleteProperty: (_, name) => Reflect.deleteProperty(target(), name),
    getPrototypeOf: () => Reflect.getPrototypeOf(target()),
  });
}

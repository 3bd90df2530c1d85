/**
 * A value built on its first use: the object stands in for what `build` returns and calls it when a
 * member is first read, never at module load (issue 26 item 8: a Lambda's load does only what every
 * request needs). Used for repositories that reach their ElectroDB entities while being built
 * (lambdas/composition) and for zod schemas, whose construction is most of a Lambda's module init:
 * `export const fooSchema = builtOnFirstUse(() => z.object({ … }))` keeps the export's type, and
 * the schema is built when a request first parses with it (or another schema built from it is).
 * Methods are bound to the built object, so classes with private members work through it. A library
 * handed a schema may check that it is one by its parse methods (@hono/zod-openapi does when a route
 * is registered, at load): before the build, those four members answer a function that builds on its
 * first call.
 */
export function builtOnFirstUse<T extends object>(build: () => T): T {
  let built: T | undefined;
  const bound = new Map<PropertyKey, unknown>();
  const target = (): T => (built ??= build());
  return new Proxy({} as T, {
    get(_, name) {
      if (!built && PARSE_METHODS.has(name)) {
        if (!bound.has(name))
          bound.set(name, (...args: unknown[]) =>
            (Reflect.get(target(), name) as (...a: unknown[]) => unknown).apply(target(), args),
          );
        return bound.get(name);
      }
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

/** zod's parse methods, by which a library tells a schema from other values. */
const PARSE_METHODS = new Set<PropertyKey>(['parse', 'safeParse', 'parseAsync', 'safeParseAsync']);

/**
 * `build`'s value, built by the first call and kept: for a schema a library must see as itself rather
 * than through a stand-in, as zod-to-openapi finds a named schema (`.openapi('Error')`) by identity.
 */
export function builtOnFirstCall<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}

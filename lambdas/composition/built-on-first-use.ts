/**
 * A dependency built on its first use: the object stands in for what `build` returns and calls it
 * when a route first reads one of its members, never at module load. For repositories that reach
 * their ElectroDB entities while being built (issue 26 item 8: a Lambda's load builds no entity).
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
    getPrototypeOf: () => Reflect.getPrototypeOf(target()),
  });
}

/**
 * An object of repositories (`keys`) built together on the first use of any of them; each member
 * may be read (and handed on) at load, since each is itself built on first use.
 */
export function membersBuiltOnFirstUse<T extends object>(keys: readonly (keyof T)[], build: () => T): T {
  let built: T | undefined;
  const whole = (): T => (built ??= build());
  return Object.fromEntries(keys.map((key) => [key, builtOnFirstUse(() => whole()[key] as object)])) as T;
}

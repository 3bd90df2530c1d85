/**
 * Copying named fields from one object to a new one: the mappings between stored items, records
 * and views mostly copy fields as they are, and naming them once keeps those mappings short.
 */

/** The named fields of `from`, as they are. */
export function pickFields<T extends object, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) out[key] = from[key];
  return out;
}

/** The named optional fields of `from`, an absent one as null. */
export function nullIfAbsent<T extends object, K extends keyof T>(
  from: T,
  keys: readonly K[],
): { [P in K]-?: Exclude<T[P], undefined> | null } {
  const out = {} as Record<K, unknown>;
  for (const key of keys) out[key] = from[key] ?? null;
  return out as { [P in K]-?: Exclude<T[P], undefined> | null };
}

/** The named fields of `from` that hold a value: a null or absent one is left out. */
export function absentIfNull<T extends object, K extends keyof T>(
  from: T,
  keys: readonly K[],
): { [P in K]?: Exclude<T[P], null> } {
  const out = {} as Record<K, unknown>;
  for (const key of keys) if (from[key] !== null && from[key] !== undefined) out[key] = from[key];
  return out as { [P in K]?: Exclude<T[P], null> };
}

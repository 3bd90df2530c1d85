import * as z from 'zod';

/**
 * The update (PUT) body of a record: every field optional and WITHOUT its default, so a field the
 * body leaves out keeps its stored value. The merged record is then validated with the full schema.
 */
export function patchSchemaOf<T extends z.ZodRawShape>(shape: T) {
  const patched: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(shape)) {
    const base = field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType);
    patched[key] = base.optional();
  }
  return z.object(patched) as unknown as z.ZodObject<{
    [K in keyof T]: z.ZodOptional<T[K] extends z.ZodDefault<infer I> ? I : T[K]>;
  }>;
}

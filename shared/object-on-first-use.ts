import * as z from 'zod';
import { builtOnFirstUse } from './built-on-first-use';

/**
 * `z.object(shape())` built on its first use (builtOnFirstUse), the shape written as it would be for
 * `z.object`: `export const fooSchema = objectOnFirstUse(() => ({ name: z.string() }))`.
 */
export function objectOnFirstUse<S extends z.ZodRawShape>(shape: () => S): z.ZodObject<S, z.core.$strip> {
  return builtOnFirstUse(() => z.object(shape()));
}

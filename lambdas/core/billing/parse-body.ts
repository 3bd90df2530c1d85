import type { z } from 'zod';
import { ValidationError } from '../errors';

/** Validates a request body with its shared zod schema; the first problem names its field. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ValidationError(String(issue?.path[0] ?? 'body'), issue?.message ?? 'Invalid request');
  }
  return parsed.data;
}

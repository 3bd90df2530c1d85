import type { z } from 'zod';
import { ValidationError } from './errors';

/** zod issues as `{ "<dotted path>": "<reason>" }`, the first reason per field. */
export function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'body';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Validates `value` with `schema`, or throws the ValidationError naming every invalid field. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields = fieldsOf(parsed.error);
  const [field, reason] = Object.entries(fields)[0] ?? ['body', 'Invalid request'];
  throw new ValidationError(field, reason, fields);
}

import { useRef, useState, type FormEvent } from 'react';
import type { ZodType } from 'zod';
import { ApiError } from './api-client';
import { friendlyErrorMessage } from './error-message';
import { toast } from './toast';

/** Each field's reason, and `form` for what belongs to no field. */
export type SchemaFormErrors<F extends string> = Partial<Record<F | 'form', string>>;

/**
 * A small settings form's submit: checks the values with the API's own zod schema (the first reason
 * per field goes under it), saves, says `saved` in a toast, and puts the server's refusal under the
 * field it names or at the top (`failed` when the server gives no reason a person can read).
 */
export function useSchemaSubmit<F extends string, T>({
  schema,
  fields,
  values,
  save,
  saved,
  failed,
}: {
  schema: ZodType<T>;
  fields: readonly F[];
  values: () => unknown;
  save: (input: T) => Promise<unknown>;
  saved: (input: T) => string;
  failed: string;
}) {
  const [errors, setErrors] = useState<SchemaFormErrors<F>>({});
  const [saving, setSaving] = useState(false);
  // Set before the first await: React has not re-rendered the disabled button for a fast second click.
  const inFlight = useRef(false);
  const isField = (value: unknown): value is F =>
    typeof value === 'string' && (fields as readonly string[]).includes(value);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const parsed = schema.safeParse(values());
    if (!parsed.success) {
      const next: SchemaFormErrors<F> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        next[isField(key) ? key : 'form'] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    inFlight.current = true;
    setSaving(true);
    try {
      await save(parsed.data);
      toast.success(saved(parsed.data));
    } catch (error) {
      const message = friendlyErrorMessage(error, failed);
      const field = error instanceof ApiError ? error.field : undefined;
      setErrors((isField(field) ? { [field]: message } : { form: message }) as SchemaFormErrors<F>);
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };
  return { errors, saving, onSubmit };
}

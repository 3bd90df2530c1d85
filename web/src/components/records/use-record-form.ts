import { useCallback, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { submitErrors, useFocusFirstInvalid, zodFieldErrors, type FieldErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';

/** A save that failed as a whole: the message, and the HTTP status when the API answered (403: plan limit). */
export interface FormError {
  message: string;
  status: number | null;
}

export interface RecordFormOptions<V, S extends z.ZodType, T> {
  /** The form's values as first shown (read once). */
  initial: () => V;
  /** The API's own schema: the form validates with it before sending, so both give the same reasons. */
  schema: S;
  /** What the schema reads, from the values (e.g. dollars typed → cents). Default: the values themselves. */
  toInput?: (values: V) => unknown;
  /** The field paths this form shows; a server reason for any other path goes into the form's alert. */
  shows: (path: string) => boolean;
  onSubmit: (input: z.output<S>) => Promise<T>;
  onSaved: (saved: T) => void;
  /** The toast after a save. */
  savedMessage: (saved: T) => string;
  /** Back to the initial values after a save (the one-line "add a crew" form). */
  resetOnSave?: boolean;
}

/** What a record form's page gives it: the save button's words, the save, what follows it, and Cancel. */
export interface RecordFormProps<T, I> {
  submitLabel: string;
  onSubmit: (input: I) => Promise<T>;
  onSaved: (saved: T) => void;
  onCancel?: () => void;
}

/**
 * The state every record form shares: values, field errors under their inputs, one form-level error,
 * the pending save, and whether anything typed is unsaved. Validation runs on submit with the API's
 * schema; server field errors land under the same inputs; nothing typed is lost when a save fails.
 * A second submit while one is pending is ignored (a double click sends one request).
 */
export function useRecordForm<V, S extends z.ZodType, T>(options: RecordFormOptions<V, S, T>) {
  const [initial] = useState(options.initial);
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<FormError | null>(null);
  const [saving, setSaving] = useState(false);
  const { ref, focusFirstInvalid } = useFocusFirstInvalid();
  // Set before the first await: React has not re-rendered the disabled button for a fast second click.
  const inFlight = useRef(false);
  // What "no unsaved changes" looks like: the initial values, then the values last saved.
  const baseline = useRef(JSON.stringify(initial));
  const latest = useRef(values);
  latest.current = values;
  // Set by Cancel: leaving on purpose drops the changes without asking.
  const leaving = useRef(false);

  const set =
    <K extends keyof V>(key: K) =>
    (value: V[K]) =>
      setValues((v) => ({ ...v, [key]: value }));

  /** The first reason at any of these paths, or under them (`workingHours` finds `workingHours.end`). */
  const err = (...paths: string[]): string | undefined => {
    for (const p of paths) {
      const found = errors[p] ?? Object.entries(errors).find(([k]) => k.startsWith(`${p}.`))?.[1];
      if (found) return found;
    }
    return undefined;
  };

  const fail = (fields: FieldErrors, form: FormError | null) => {
    setErrors(fields);
    setFormError(form);
    focusFirstInvalid();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const parsed = options.schema.safeParse((options.toInput ?? ((v: V) => v))(values));
    if (!parsed.success) return fail(zodFieldErrors(parsed.error), null);
    inFlight.current = true;
    setErrors({});
    setFormError(null);
    setSaving(true);
    try {
      const saved = await options.onSubmit(parsed.data);
      toast.success(options.savedMessage(saved));
      if (options.resetOnSave) setValues(initial);
      baseline.current = JSON.stringify(options.resetOnSave ? initial : latest.current);
      options.onSaved(saved);
    } catch (error) {
      const result = submitErrors(error, options.shows);
      const status = error instanceof ApiError ? error.status : null;
      fail(result.fields, result.form ? { message: result.form, status } : null);
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  const unsaved = useCallback(
    () => !leaving.current && JSON.stringify(latest.current) !== baseline.current,
    [],
  );
  const leave = (then?: () => void) => () => {
    leaving.current = true;
    then?.();
  };

  return {
    values,
    setValues,
    set,
    errors,
    err,
    formError,
    saving,
    submit,
    ref,
    unsaved,
    dirty: JSON.stringify(values) !== baseline.current,
    leave,
  };
}

/** What the frame of a form (record-form.tsx) needs of its state, whatever the record. */
export type RecordFormState = Pick<
  ReturnType<typeof useRecordForm>,
  'ref' | 'submit' | 'errors' | 'formError' | 'saving' | 'unsaved' | 'dirty' | 'leave'
>;

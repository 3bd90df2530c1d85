import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { MESSAGES } from '../../../shared/messages';
import { ApiError } from './api-client';

/** Field errors keyed by the field's path as the API names it: `name`, `workingHours.end`, `rules.0.threshold`. */
export type FieldErrors = Record<string, string>;

export function pathKey(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/** The first reason of each field of a failed zod parse (the form validates with the API's schema). */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) out[pathKey(issue.path)] ??= issue.message;
  return out;
}

export interface SubmitErrors {
  fields: FieldErrors;
  /** A message not tied to a field the form shows (a 404, 409, network error, or a field it lacks). */
  form: string | null;
}

/**
 * Splits a failed save into errors under the form's own inputs and one form-level message. A 400's
 * `fields` map to the inputs through the same paths the schema uses; reasons for paths the form does
 * not show are joined into the form-level message so none is lost.
 */
export function submitErrors(error: unknown, shows: (path: string) => boolean): SubmitErrors {
  if (!(error instanceof ApiError)) {
    return {
      fields: {},
      form: error instanceof Error && error.message ? error.message : MESSAGES.unknownError,
    };
  }
  const all: FieldErrors = { ...(error.fields ?? {}) };
  if (error.field && !all[error.field]) all[error.field] = error.message;
  const fields: FieldErrors = {};
  const elsewhere: string[] = [];
  for (const [path, reason] of Object.entries(all)) {
    if (shows(path)) fields[path] = reason;
    else elsewhere.push(reason);
  }
  const form =
    elsewhere.length > 0 ? elsewhere.join(' ') : Object.keys(fields).length > 0 ? null : error.message;
  return { fields, form };
}

/**
 * Focus management for forms: after a failed submit, focus the first invalid input in document order
 * (`aria-invalid="true"`), or the form-level alert when no input is marked. Call `focusFirstInvalid()`
 * after setting the errors; the focus happens once React has rendered them.
 */
export function useFocusFirstInvalid<T extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<T>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (tick === 0 || !ref.current) return;
    const target =
      ref.current.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      ref.current.querySelector<HTMLElement>('[role="alert"]');
    if (!target) return;
    if (target.getAttribute('role') === 'alert' && !target.hasAttribute('tabindex')) {
      target.setAttribute('tabindex', '-1');
    }
    target.focus();
  }, [tick]);
  const focusFirstInvalid = useCallback(() => setTick((t) => t + 1), []);
  return { ref, focusFirstInvalid };
}

/** What textField and checkField bind an input to: a form's values, its errors and its setter. */
export interface BindableForm<V> {
  values: V;
  errors: FieldErrors;
  set: <K extends keyof V>(key: K) => (value: V[K]) => void;
}

/** What every bound input carries: its name (the field's key) and the field's error. */
function namedField<V>(form: BindableForm<V>, key: keyof V & string) {
  return { name: key, error: form.errors[key] };
}

/**
 * The props of a text input bound to one string field of a form's values: its name, value, the
 * field's error and the change handler. `textField(form)('email')`.
 */
export function textField<V>(form: BindableForm<V>) {
  return <K extends keyof V & string>(key: K) => ({
    ...namedField(form, key),
    value: form.values[key] as string,
    onChange: (e: { currentTarget: { value: string } }) => form.set(key)(e.currentTarget.value as V[K]),
  });
}

/** The props of a checkbox or switch bound to one boolean field of a form's values, as textField. */
export function checkField<V>(form: BindableForm<V>) {
  return <K extends keyof V & string>(key: K) => ({
    ...namedField(form, key),
    checked: form.values[key] as boolean,
    onChange: (e: { currentTarget: { checked: boolean } }) => form.set(key)(e.currentTarget.checked as V[K]),
  });
}

import * as z from 'zod';
import { builtOnFirstUse } from '../built-on-first-use';

/**
 * Record ids are chosen by the server (UUIDs). A path or reference id that is not of this shape
 * cannot exist, so the API answers it like any unknown id (404 in a path, 400 in a body).
 */
export const RECORD_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function isRecordId(value: unknown): value is string {
  return typeof value === 'string' && RECORD_ID_PATTERN.test(value);
}

export const recordId = /* @__PURE__ */ builtOnFirstUse(() =>
  z.string().regex(RECORD_ID_PATTERN, 'Not a valid id'),
);

/** A list of references (crew ids, worker ids), unique, at most `max`. */
export function idList(label: string, max = 200) {
  return z
    .array(recordId, { message: `${label} must be a list of ids` })
    .max(max, `${label} can hold at most ${max} ids`)
    .transform((ids) => [...new Set(ids)]);
}

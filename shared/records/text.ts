import * as z from 'zod';
import { builtOnFirstUse } from '../built-on-first-use';

/**
 * Text rules shared by every record form and API body. Names and free text refuse control
 * characters (NUL, BEL, …) and the bidi overrides that can make a name read backwards
 * (U+202A–U+202E, U+2066–U+2069), and lone surrogates; each field has a length cap.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_IN_LINE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
// Multi-line text (notes, addresses) may hold line breaks and tabs, nothing else below U+0020.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function refuseHidden(forbidden: RegExp) {
  return (value: string) => !forbidden.test(value) && !LONE_SURROGATE.test(value);
}

/**
 * A character someone can see: not whitespace, not an invisible format character (zero-width
 * space and joiners, word joiner, BOM), not a combining mark alone, not a control character.
 */
const VISIBLE = /[^\p{White_Space}\p{Cf}\p{M}\p{Cc}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0]/u;

/** True when the text has at least one visible character (a name of only U+200B is no name). */
export const hasVisibleCharacter = (value: string) => VISIBLE.test(value);

/** True when a one-line text holds no control, bidi-override or lone-surrogate character. */
export const isCleanLine = refuseHidden(FORBIDDEN_IN_LINE);

/** A required text: trimmed, 1..max characters; the caller adds what characters it allows. */
export function requiredText(label: string, max: number) {
  return z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** A required one-line name: trimmed, 1..max characters, no control or bidi-override characters. */
export function nameText(label: string, max = 120) {
  return requiredText(label, max)
    .refine(refuseHidden(FORBIDDEN_IN_LINE), `${label} contains characters that are not allowed`)
    .refine(hasVisibleCharacter, `${label} must have a visible character`);
}

/** An optional text, refusing `forbidden`; an empty string reads as absent (null). */
function optionalRefusing(forbidden: RegExp, label: string, max: number) {
  return z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(refuseHidden(forbidden), `${label} contains characters that are not allowed`)
    .nullish()
    .transform((v) => (v ? v : null));
}

/** An optional one-line text; an empty string reads as absent (null). */
export function optionalLine(label: string, max = 160) {
  return optionalRefusing(FORBIDDEN_IN_LINE, label, max);
}

/** Optional multi-line text (notes, addresses): line breaks allowed. */
export function optionalText(label: string, max = 2000) {
  return optionalRefusing(FORBIDDEN_IN_TEXT, label, max);
}

export const EMAIL_MAX = 254;

export const requiredEmail = /* @__PURE__ */ builtOnFirstUse(() =>
  z
    .string({ message: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
    .pipe(z.email({ message: 'Enter a valid email address' }))
    .transform((v) => v.toLowerCase()),
);

export const optionalEmail = /* @__PURE__ */ builtOnFirstUse(() =>
  z
    .string({ message: 'Email must be text' })
    .trim()
    .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid email address')
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null)),
);

/** Phone numbers as people type them: digits, spaces and + ( ) - . x; 7 to 20 digits. */
export const optionalPhone = /* @__PURE__ */ builtOnFirstUse(() =>
  z
    .string({ message: 'Phone must be text' })
    .trim()
    .max(32, 'Phone must be at most 32 characters')
    .refine(
      (v) => v === '' || (/^[0-9+().\-\sx]+$/i.test(v) && (v.match(/\d/g)?.length ?? 0) >= 7),
      'Enter a phone number with 7 to 20 digits',
    )
    .refine((v) => (v.match(/\d/g)?.length ?? 0) <= 20, 'Enter a phone number with 7 to 20 digits')
    .nullish()
    .transform((v) => (v ? v : null)),
);

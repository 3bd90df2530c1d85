/**
 * SMS segments counted without splitting the text into grapheme clusters (issue 26 item 5: the
 * splitter cost ~2 ms a text on the dispatch path). The rules are the carriers' as
 * sms-segments-calculator applies them ('auto' encoding), which stays the oracle in the unit test:
 * - GSM-7 when every character is in the GSM 03.38 table or its extension table; an extension
 *   character takes 2 septets (escape + code). One segment holds 160 septets; a text longer than
 *   that is cut into segments of 153 (a 6-octet header each), never between an escape and its code.
 * - UCS-2 otherwise: 70 code units in one segment, else 67 each, never splitting a grapheme cluster.
 *   When every code point stands alone as a cluster (no combining mark, joiner, regional indicator,
 *   emoji modifier, Hangul jamo or syllable, prepended mark, lone surrogate) clusters are code points
 *   and the count is exact here; otherwise `countSmsSegments` answers `undefined` and the caller asks
 *   the library.
 */

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsSize {
  segments: number;
  encoding: SmsEncoding;
}

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Reached through the escape code: 2 septets each. */
const GSM_EXTENSION = '\f^{}\\[~]|€';

/** Septets per UTF-16 code unit below 0x2100 (every GSM character is): 0 = not in GSM-7. */
const SEPTETS = new Uint8Array(0x2100);
for (const ch of GSM_BASIC) SEPTETS[ch.charCodeAt(0)] = 1;
for (const ch of GSM_EXTENSION) SEPTETS[ch.charCodeAt(0)] = 2;

const GSM_SINGLE = 160;
const GSM_PART = 153;
const UCS_SINGLE = 70;
const UCS_PART = 67;

/**
 * Code points that may join a neighbour into one grapheme cluster (Unicode's Grapheme_Cluster_Break
 * other than Other and Control): marks, format characters (joiners, prepended concatenation marks,
 * tags), regional indicators, emoji modifiers, Hangul jamo and syllables, the Thai and Lao SARA AM,
 * the Vedic ardhavisarga signs (marks in the splitter's Unicode 10), halfwidth sound marks, the
 * letters that are Prepend, and surrogates (a lone one). Wider than the exact set on purpose: a text
 * with one of these is measured by the library (the unit test checks every code point).
 */
const MAY_JOIN =
  /[\p{M}\p{Cf}\p{Cs}\p{Regional_Indicator}\p{Emoji_Modifier}\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7ff\u0e33\u0eb3\u1cf2\u1cf3\uff9e\uff9f\u0d4e\u{111c2}\u{111c3}\u{11a3a}\u{11a84}-\u{11a89}\u{11d46}]/u;

/** Greedy packing as the carrier cuts: `sizes` never split, `single` alone, else `part` a segment. */
function packed(sizes: ArrayLike<number>, total: number, single: number, part: number): number {
  if (total <= single) return 1;
  let segments = 1;
  let used = 0;
  for (let i = 0; i < sizes.length; i += 1) {
    const size = sizes[i] ?? 0;
    if (used + size > part) {
      segments += 1;
      used = 0;
    }
    used += size;
  }
  return segments;
}

/** Septets of each character and their sum, or `undefined` when one is not in GSM-7. */
function gsmSeptets(body: string): { sizes: Uint8Array; total: number } | undefined {
  const sizes = new Uint8Array(body.length);
  let total = 0;
  for (let i = 0; i < body.length; i += 1) {
    const code = body.charCodeAt(i);
    const septets = code < SEPTETS.length ? (SEPTETS[code] ?? 0) : 0;
    if (septets === 0) return undefined;
    sizes[i] = septets;
    total += septets;
  }
  return { sizes, total };
}

/**
 * Segments and encoding of `body`, or `undefined` when a UCS-2 text has a code point that may join
 * a neighbour into one grapheme cluster (measure that text with sms-segments-calculator).
 */
export function countSmsSegments(body: string): SmsSize | undefined {
  const gsm = gsmSeptets(body);
  if (gsm) return { segments: packed(gsm.sizes, gsm.total, GSM_SINGLE, GSM_PART), encoding: 'GSM-7' };
  if (MAY_JOIN.test(body)) return undefined;
  // Each code point is a cluster of its own: 1 code unit, or 2 for a surrogate pair.
  const units: number[] = [];
  for (const codePoint of body) units.push(codePoint.length);
  return { segments: packed(units, body.length, UCS_SINGLE, UCS_PART), encoding: 'UCS-2' };
}

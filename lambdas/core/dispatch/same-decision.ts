import type { Decision } from './dispatch.ports';

/** A value JSON leaves out of an object (and writes as null in an array). */
const ABSENT = Symbol('absent');
/** A number JSON writes as null (NaN, ±Infinity). */
const NULL = Symbol('null');

function normal(value: unknown): unknown {
  const v =
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
      ? (value as { toJSON(): unknown }).toJSON()
      : value;
  if (v === null || v === undefined || typeof v === 'function' || typeof v === 'symbol') return ABSENT;
  if (typeof v === 'number' && !Number.isFinite(v)) return NULL;
  return v;
}

/**
 * Whether two values write the same JSON with object keys in any order and absent, undefined and
 * null alike (a stored and a made item compare equal), compared in place: the quiet re-run asks
 * this of every jobsite, and writing both as sorted JSON cost more than judging it.
 */
function sameJson(a: unknown, b: unknown, inArray: boolean): boolean {
  let x = normal(a);
  let y = normal(b);
  if (inArray) {
    if (x === ABSENT) x = NULL;
    if (y === ABSENT) y = NULL;
  }
  if (typeof x !== 'object' || typeof y !== 'object') return x === y;
  if (Array.isArray(x) !== Array.isArray(y)) return false;
  if (Array.isArray(x)) {
    const ys = y as unknown[];
    return x.length === ys.length && x.every((v, i) => sameJson(v, ys[i], true));
  }
  return sameFields(x as Record<string, unknown>, y as Record<string, unknown>);
}

function sameFields(
  x: Record<string, unknown>,
  y: Record<string, unknown>,
  skip?: ReadonlySet<string>,
): boolean {
  let present = 0;
  for (const key of Object.keys(x)) {
    if (skip?.has(key) || normal(x[key]) === ABSENT) continue;
    present += 1;
    if (!Object.prototype.hasOwnProperty.call(y, key) || !sameJson(x[key], y[key], false)) return false;
  }
  for (const key of Object.keys(y)) if (!skip?.has(key) && normal(y[key]) !== ABSENT) present -= 1;
  return present === 0;
}

/** What a decision says apart from: when and by which run it was last written. */
const NOT_SUBSTANCE: ReadonlySet<string> = new Set(['decidedAt', 'runId']);

/**
 * Whether a new decision says what the stored one says (verdict, hours, judgement, rules, forecast
 * snapshot, announcement, the contractor's mark): a quiet re-run of a slot then writes nothing, and
 * the day keeps the time it was last decided.
 */
export function sameDecision(stored: Decision, next: Decision): boolean {
  return sameFields(
    stored as unknown as Record<string, unknown>,
    next as unknown as Record<string, unknown>,
    NOT_SUBSTANCE,
  );
}

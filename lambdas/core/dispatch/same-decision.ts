import type { Decision } from './dispatch.ports';

/** JSON with object keys in order and absent, undefined and null alike: a stored and a made item compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || v === undefined) return undefined;
    if (typeof v !== 'object' || Array.isArray(v)) return v;
    return Object.fromEntries(
      Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
    );
  });
}

/** What a decision says, apart from when and by which run it was last written. */
function substance(d: Decision) {
  const { decidedAt: _at, runId: _run, ...rest } = d;
  return rest;
}

/**
 * Whether a new decision says what the stored one says (verdict, hours, judgement, rules, forecast
 * snapshot, announcement, the contractor's mark): a quiet re-run of a slot then writes nothing, and
 * the day keeps the time it was last decided.
 */
export function sameDecision(stored: Decision, next: Decision): boolean {
  return canonical(substance(stored)) === canonical(substance(next));
}

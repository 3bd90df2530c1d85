/**
 * Reads environment variables against a declarative table, without zod: every Lambda evaluates its
 * configuration at each cold start, and zod/mini's module code, the ~100 schemas of the configuration
 * and their parse cost ~4–5 ms of CPU there (docs/benchmarks.md, "Lambda init, sixth round", lever 6).
 *
 * The kinds and their English reasons are those the configuration had as a zod/mini schema, word for
 * word, so an operator reads the same error as before; test/unit/lambdas/config-equivalence.test.ts
 * runs that schema beside this reader over many environments and holds them to the same answers.
 */

/** How a variable may be absent: `optional` (then `undefined`) or a `default` used in its place. */
interface Presence {
  readonly optional?: true;
  readonly default?: string;
}

interface NumberBounds {
  /** Strictly greater than (zod's `positive()` is `above: 0`). */
  readonly above?: number;
  readonly atLeast?: number;
  readonly atMost?: number;
}

/** One variable: its kind, the kind's parameters, and whether it may be absent. */
export type VariableSpec = Presence &
  (
    | { readonly kind: 'string' }
    | { readonly kind: 'nonEmpty' }
    | { readonly kind: 'minLength'; readonly min: number }
    | { readonly kind: 'prefix'; readonly prefix: string }
    /** Anything the WHATWG URL parser accepts once trimmed (as zod's `url()`), kept trimmed. */
    | { readonly kind: 'url' }
    | { readonly kind: 'email' }
    | { readonly kind: 'enum'; readonly values: readonly string[] }
    /** Coerced with `Number()`, finite, within the bounds. */
    | ({ readonly kind: 'number' } & NumberBounds)
    /** As `number`, and a safe integer. */
    | ({ readonly kind: 'int' } & NumberBounds)
  );

export type VariableTable = Readonly<Record<string, VariableSpec>>;

type ValueOf<S> = S extends { kind: 'number' | 'int' }
  ? number
  : S extends { kind: 'enum'; values: readonly (infer V)[] }
    ? V
    : string;
type OptionalNames<T> = { [K in keyof T]: T[K] extends { optional: true } ? K : never }[keyof T];
type Flat<O> = { [K in keyof O]: O[K] };

/** The configuration a table describes: what may be absent is optional, the rest always there. */
export type ConfigOf<T extends VariableTable> = Flat<
  { -readonly [K in Exclude<keyof T, OptionalNames<T>>]: ValueOf<T[K]> } & {
    -readonly [K in OptionalNames<T>]?: ValueOf<T[K]> | undefined;
  }
>;

export type EnvReading<C> =
  { readonly ok: true; readonly config: C } | { readonly ok: false; readonly problems: string[] };

/**
 * Each variable of `table` read from `env`, in the table's order: absent or `undefined` takes the
 * default, or stays out (an optional variable set to `undefined` is kept as `undefined`, as zod kept
 * it); everything else is checked. Each problem reads `NAME: reason`; names not in the table are left out.
 */
export function readEnv<T extends VariableTable>(
  table: T,
  env: Readonly<Record<string, string | undefined>>,
): EnvReading<ConfigOf<T>> {
  const config: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, spec] of Object.entries(table)) {
    const raw = env[name];
    if (raw === undefined && spec.default !== undefined) {
      config[name] = spec.default;
    } else if (raw === undefined && spec.optional) {
      if (name in env) config[name] = undefined;
    } else {
      const checked = checkValue(spec, raw);
      if ('reasons' in checked) problems.push(...checked.reasons.map((reason) => `${name}: ${reason}`));
      else config[name] = checked.value;
    }
  }
  return problems.length ? { ok: false, problems } : { ok: true, config: config as ConfigOf<T> };
}

type Checked = { value: string | number } | { reasons: string[] };

function checkValue(spec: VariableSpec, raw: unknown): Checked {
  if (spec.kind === 'int' || spec.kind === 'number') return checkNumber(spec, Number(raw));
  if (spec.kind === 'enum') {
    return typeof raw === 'string' && spec.values.includes(raw)
      ? { value: raw }
      : { reasons: [notOneOf(spec.values)] };
  }
  if (typeof raw !== 'string') return { reasons: [`Invalid input: expected string, received ${typeof raw}`] };
  const reason = stringProblem(spec, raw);
  if (reason) return { reasons: [reason] };
  // A URL is kept as zod's url() kept it: trimmed, and without the tabs and line breaks the URL parser
  // skips (so the value used is the one that was checked).
  return { value: spec.kind === 'url' ? raw.trim().replace(/[\t\n\r]/g, '') : raw };
}

function stringProblem(spec: VariableSpec, raw: string): string | undefined {
  switch (spec.kind) {
    case 'nonEmpty':
      return codePoints(raw) >= 1 ? undefined : tooShort(1);
    case 'minLength':
      return codePoints(raw) >= spec.min ? undefined : tooShort(spec.min);
    case 'prefix':
      return raw.startsWith(spec.prefix) ? undefined : `Invalid string: must start with "${spec.prefix}"`;
    case 'url':
      return URL.canParse(raw.trim()) ? undefined : 'Invalid URL';
    case 'email':
      return isEmailAddress(raw) ? undefined : 'Invalid email address';
    default:
      return undefined;
  }
}

function checkNumber(spec: NumberBounds & { kind: 'int' | 'number' }, value: number): Checked {
  if (!Number.isFinite(value)) {
    return {
      reasons: [`Invalid input: expected number, received ${Number.isNaN(value) ? 'NaN' : String(value)}`],
    };
  }
  const reasons: string[] = [];
  if (spec.kind === 'int') {
    // Not a whole number stops there; a whole number out of the safe range is reported and checked on.
    if (!Number.isInteger(value)) return { reasons: ['Invalid input: expected int, received number'] };
    if (value > Number.MAX_SAFE_INTEGER)
      reasons.push(`Too big: expected int to be <=${Number.MAX_SAFE_INTEGER}`);
    if (value < Number.MIN_SAFE_INTEGER)
      reasons.push(`Too small: expected int to be >=${Number.MIN_SAFE_INTEGER}`);
  }
  if (spec.above !== undefined && !(value > spec.above))
    reasons.push(`Too small: expected number to be >${spec.above}`);
  if (spec.atLeast !== undefined && !(value >= spec.atLeast)) {
    reasons.push(`Too small: expected number to be >=${spec.atLeast}`);
  }
  if (spec.atMost !== undefined && !(value <= spec.atMost))
    reasons.push(`Too big: expected number to be <=${spec.atMost}`);
  return reasons.length ? { reasons } : { value };
}

const tooShort = (min: number) => `Too small: expected string to have >=${min} characters`;

function notOneOf(values: readonly string[]): string {
  const quoted = values.map((v) => `"${v}"`);
  return quoted.length === 1
    ? `Invalid input: expected ${quoted[0]}`
    : `Invalid option: expected one of ${quoted.join('|')}`;
}

/** Length in code points (a surrogate pair is one character), as a person counts a secret's characters. */
function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

const LOCAL_ATOM = /^[A-Za-z0-9_'+-]+$/;
const DOMAIN_LABEL = /^[A-Za-z0-9][A-Za-z0-9-]*$/;
const TOP_LEVEL_DOMAIN = /^[A-Za-z]{2,}$/;

/**
 * A practical address: dot-separated atoms of letters, digits and `_'+-` (the last character not an
 * apostrophe), `@`, then dot-separated labels ending in a top-level domain of two letters or more.
 */
function isEmailAddress(text: string): boolean {
  const parts = text.split('@');
  if (parts.length !== 2) return false;
  const [local = '', domain = ''] = parts;
  const labels = domain.split('.');
  const topLevel = labels.pop() ?? '';
  return (
    local.split('.').every((atom) => LOCAL_ATOM.test(atom)) &&
    !local.endsWith("'") &&
    labels.length > 0 &&
    labels.every((label) => DOMAIN_LABEL.test(label)) &&
    TOP_LEVEL_DOMAIN.test(topLevel)
  );
}

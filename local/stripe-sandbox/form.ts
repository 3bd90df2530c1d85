/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with bracket notation
 * (`line_items[0][price]=price_1`, `metadata[userId]=u1`, `expand[0]=customer`), also used in the
 * query string of GET requests. Parsed into nested objects; all-numeric keys become arrays.
 */
import type { Context } from 'hono';
import { invalidParam } from './stripe-errors';

export type FormValue = string | FormValue[] | { [key: string]: FormValue };

/** Keys that would reach Object.prototype through bracket notation (`a[__proto__][x]=1`): dropped. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Stripe's deepest parameters nest four levels (`line_items[0][price_data][recurring][interval]`). */
const MAX_DEPTH = 10;

export function parseStripeForm(params: URLSearchParams): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [rawKey, value] of params) {
    const tokens = tokenize(rawKey);
    if (tokens.some((t) => UNSAFE_KEYS.has(t))) continue;
    // A key nested thousands deep would overflow the stack below; Stripe refuses it too.
    if (tokens.length > MAX_DEPTH) throw invalidParam(`${tokens[0]} is nested too deeply.`, tokens[0]!);
    let node: Record<string, FormValue> = root;
    tokens.forEach((token, i) => {
      const last = i === tokens.length - 1;
      const key = token === '' ? String(Object.keys(node).length) : token;
      if (last) {
        node[key] = value;
      } else {
        const next = node[key];
        if (typeof next !== 'object' || next === null) node[key] = {};
        node = node[key] as Record<string, FormValue>;
      }
    });
  }
  return arrayify(root) as Record<string, FormValue>;
}

function tokenize(key: string): string[] {
  const first = key.indexOf('[');
  if (first === -1) return [key];
  const tokens = [key.slice(0, first)];
  const re = /\[([^\]]*)\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(key.slice(first))) !== null) tokens.push(m[1]!);
  return tokens;
}

function arrayify(value: FormValue): FormValue {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((k) => [k, arrayify(value[k]!)] as const);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

/** A request's parameters: the query string of a GET or DELETE, the form body of anything else. */
export async function stripeParams(c: Context): Promise<Record<string, FormValue>> {
  if (c.req.method === 'GET' || c.req.method === 'DELETE')
    return parseStripeForm(new URL(c.req.url).searchParams);
  return parseStripeForm(new URLSearchParams(await c.req.text()));
}

/** A parameter that must be a plain string (undefined otherwise). */
export const str = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

/** A list parameter (`expand[0]=a&expand[1]=b`), or one string as a list of one. */
export const strList = (v: FormValue | undefined): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];

/** `metadata[key]=value` pairs, every value a string, as Stripe keeps metadata. */
export const metadataOf = (v: FormValue | undefined): Record<string, string> =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)]))
    : {};

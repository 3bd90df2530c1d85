/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with bracket notation
 * (`line_items[0][price]=price_1`, `metadata[userId]=u1`, `expand[0]=customer`), also used in the
 * query string of GET requests. Parsed into nested objects; all-numeric keys become arrays.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export function parseStripeForm(params: URLSearchParams): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [rawKey, value] of params) {
    const tokens = tokenize(rawKey);
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

/**
 * An item's size as DynamoDB counts it against its 400 KB limit (the rules of the Developer Guide's
 * "Item sizes and formats"): each attribute's name in UTF-8 bytes plus its value; a string its UTF-8
 * bytes; a number 1 byte per two significant digits plus 1; a boolean or null 1 byte; a list or a map
 * 3 bytes plus 1 byte per element (and a map element's name), plus the elements themselves.
 */
export const DYNAMO_ITEM_LIMIT_BYTES = 400 * 1024;

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

function numberBytes(n: number): number {
  const digits = String(Math.abs(n))
    .replace(/e.*$/i, '')
    .replace('.', '')
    .replace(/^0+/, '')
    .replace(/0+$/, '');
  return Math.ceil(Math.max(digits.length, 1) / 2) + 1;
}

function valueBytes(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return utf8(value);
  if (typeof value === 'number') return numberBytes(value);
  if (Array.isArray(value)) return 3 + value.reduce((n: number, v) => n + 1 + valueBytes(v), 0);
  if (typeof value === 'object')
    return 3 + Object.entries(value).reduce((n, [k, v]) => n + 1 + utf8(k) + valueBytes(v), 0);
  throw new Error(`No DynamoDB size rule for ${typeof value}`);
}

export function dynamoItemBytes(item: Record<string, unknown>): number {
  return Object.entries(item)
    .filter(([, v]) => v !== undefined)
    .reduce((n, [name, v]) => n + utf8(name) + valueBytes(v), 0);
}

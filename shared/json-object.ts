/** A parsed JSON value that is an object (not null, not an array), so its properties may be read. */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

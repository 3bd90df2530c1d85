/** How often items DynamoDB leaves unprocessed (throttling) are offered again before giving up. */
const ATTEMPTS = 5;

/**
 * Stores items with unconditional puts in as few calls as DynamoDB allows: `write` is an ElectroDB
 * batch put (BatchWriteItem, 25 items a call), which answers the items DynamoDB left unprocessed;
 * those are put again after a short back-off. Throws if some are still unwritten after that.
 */
export async function batchPut<T>(
  what: string,
  items: readonly T[],
  write: (items: T[]) => Promise<{ unprocessed: unknown[] }>,
): Promise<void> {
  let left = [...items];
  for (let attempt = 0; left.length > 0; attempt += 1) {
    if (attempt === ATTEMPTS) throw new Error(`${left.length} ${what} left unwritten by DynamoDB`);
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
    left = (await write(left)).unprocessed as T[];
  }
}

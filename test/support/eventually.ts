/**
 * Reads until `ok` holds or `timeoutMs` has passed, then answers the last read: for what lands
 * asynchronously (a webhook, a queued job). The caller asserts on the answer, so a timeout fails there
 * with the value it saw.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 8000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 150));
  }
}

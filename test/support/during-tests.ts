/**
 * Something the tests of one file (or describe block) share, too slow to make per test: made in
 * beforeAll, ended in afterAll. The answer reads it; reading it outside a test or a hook throws, since
 * it does not exist yet.
 */
export function madeForTheseTests<T>(
  make: () => T | Promise<T>,
  end: (made: T) => unknown,
  timeoutMs?: number,
): () => T {
  let made: { value: T } | undefined;
  beforeAll(async () => {
    made = { value: await make() };
  }, timeoutMs);
  afterAll(async () => {
    if (made) await end(made.value);
  });
  return () => {
    if (!made) throw new Error('It is made in beforeAll: read it inside a test or a hook');
    return made.value;
  };
}

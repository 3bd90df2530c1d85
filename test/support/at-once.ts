/** `count` requests sent at once (one Promise.all): what every limit and uniqueness rule must hold under. */
export function atOnce<T>(count: number, send: (i: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => send(i)));
}

/** Resolves once `count` of the requests have answered (at once for 0): a request raced against them. */
export function afterAnswers(requests: Promise<unknown>[], count: number): Promise<void> {
  if (count === 0) return Promise.resolve();
  let answered = 0;
  return new Promise((resolve) => {
    for (const r of requests) void r.then(() => ++answered === count && resolve());
  });
}

/** `count` requests sent at once (one Promise.all): what every limit and uniqueness rule must hold under. */
export function atOnce<T>(count: number, send: (i: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => send(i)));
}

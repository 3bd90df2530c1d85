/**
 * Writes a batch gathers and sends together (issue 26 item 4): each `add` joins the pending list,
 * and a full list (`size`, DynamoDB's 25 items a BatchWriteItem) is written at once in the
 * background, so the work that adds never waits on a round trip; `flush` writes what is left and
 * waits for every write started. A write that fails is handed to `failed` with its items (the
 * caller decides what that means: a decision is retried with the batch, a mark is logged).
 */
export class WriteBuffer<T> {
  private pending: T[] = [];
  private readonly writing = new Set<Promise<void>>();

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly size: number,
    private readonly failed: (err: unknown, items: T[]) => void,
  ) {}

  add(item: T): void {
    this.pending.push(item);
    if (this.pending.length >= this.size) this.start();
  }

  /** Writes what is pending and waits for every write this buffer started. */
  async flush(): Promise<void> {
    if (this.pending.length > 0) this.start();
    while (this.writing.size > 0) await Promise.all([...this.writing]);
  }

  private start(): void {
    const items = this.pending;
    this.pending = [];
    const started: Promise<void> = this.write(items)
      .catch((err: unknown) => this.failed(err, items))
      .finally(() => this.writing.delete(started));
    this.writing.add(started);
  }
}

/** Counts by UTC day, added to the store once (the daily delivery counter: one ADD per batch, not per send). */
export class DayCounts {
  private readonly counts = new Map<string, number>();

  add(at: Date, n = 1): void {
    const day = at.toISOString().slice(0, 10);
    this.counts.set(day, (this.counts.get(day) ?? 0) + n);
  }

  /** The counts so far, emptied: each count is taken once, whoever flushes. */
  take(): [string, number][] {
    const taken = [...this.counts.entries()];
    this.counts.clear();
    return taken;
  }
}

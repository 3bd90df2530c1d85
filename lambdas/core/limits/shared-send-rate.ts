import type { RateWindowStore } from './rate-limits';

/** What a sender waits on before each send. */
export interface SendGate {
  take(): Promise<void>;
}

export interface SharedSendRateOptions {
  /** `ses` or `sms`: one window per channel for the whole account. */
  channel: string;
  /** Sends per second allowed for the whole account (SES's MaxSendRate); read once per window. */
  ratePerSecond: () => Promise<number>;
  store: Pick<RateWindowStore, 'takeUpTo'>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** The most one process takes from a window at once: a share, so others are not starved. */
  maxShare?: number;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One send rate for the whole account across every worker Lambda: each second is a window in the
 * table, and a process takes a block of that second's sends by conditional write, then spends it
 * locally. So N processes together never pass the account's rate (SES throttles past it), and a
 * storm morning is paced by SES's real quota instead of a guess per process. One table write per
 * block, not per message. Callers queue in order within a process.
 */
export class SharedSendRate implements SendGate {
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private queue: Promise<void> = Promise.resolve();
  private second = -1;
  private left = 0;

  constructor(private readonly opts: SharedSendRateOptions) {
    this.now = opts.now ?? Date.now;
    this.sleep = opts.sleep ?? sleepFor;
  }

  take(): Promise<void> {
    const turn = this.queue.then(() => this.waitForSlot());
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async waitForSlot(): Promise<void> {
    for (;;) {
      const now = this.now();
      const second = Math.floor(now / 1000);
      if (second === this.second && this.left > 0) {
        this.left -= 1;
        return;
      }
      const rate = Math.max(1, Math.floor(await this.opts.ratePerSecond()));
      const wanted = Math.max(1, Math.min(this.opts.maxShare ?? Math.ceil(rate / 4), rate));
      const windowStart = new Date(second * 1000).toISOString();
      const granted = await this.opts.store.takeUpTo(
        `send-rate#${this.opts.channel}`,
        windowStart,
        wanted,
        rate,
        new Date((second + 60) * 1000),
      );
      this.second = second;
      this.left = granted;
      if (granted > 0) {
        this.left -= 1;
        return;
      }
      // This second is spent across the account: wait for the next one.
      await this.sleep((second + 1) * 1000 - now);
    }
  }
}

/** The account's send rate, asked once and kept a while (it changes when AWS raises the quota). */
export function cachedRate(
  read: () => Promise<number>,
  fallback: number,
  keepMs = 600_000,
  now: () => number = Date.now,
  warn: (line: string) => void = (line) => console.warn(line),
): () => Promise<number> {
  let kept: { at: number; rate: Promise<number> } | null = null;
  return () => {
    if (!kept || now() - kept.at >= keepMs) {
      const rate = read()
        .then((r) => (Number.isFinite(r) && r > 0 ? r : fallback))
        .catch((err: unknown) => {
          warn(
            JSON.stringify({
              level: 'warn',
              message: `Send rate unreadable; using ${fallback} per second`,
              error: String((err as Error)?.message ?? err),
            }),
          );
          return fallback;
        });
      kept = { at: now(), rate };
    }
    return kept.rate;
  };
}

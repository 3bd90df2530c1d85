import type { Clock } from './runtime.ports';

/**
 * What one Lambda container remembers for a while (the map lives as long as the container): a value
 * per key, read again once `ttlMs` has passed; parallel reads of one key share one load, and a failed
 * load is not remembered.
 */
export class ContainerCache<V> {
  private readonly kept = new Map<string, { value: V; expiresAt: number }>();
  private readonly loading = new Map<string, Promise<V>>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  /** The value kept for `key`, else what `load` answers, kept for the TTL when `keep` allows it. */
  read(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const hit = this.kept.get(key);
    if (hit && hit.expiresAt > this.clock.now().getTime()) return Promise.resolve(hit.value);
    const pending =
      this.loading.get(key) ??
      load()
        .then((value) => {
          if (keep(value)) this.kept.set(key, { value, expiresAt: this.clock.now().getTime() + this.ttlMs });
          return value;
        })
        .finally(() => this.loading.delete(key));
    this.loading.set(key, pending);
    return pending;
  }

  /** Drops what this container keeps of `key` (after it changed the value itself). */
  forget(key: string): void {
    this.kept.delete(key);
  }
}

import type { DeliveryJob, WebhookQueue } from '../../core/webhooks/webhook.ports';

/** An attempt that threw runs again after this long, as SQS would make it visible again. */
const RETRY_AFTER_ERROR_SECONDS = 30;

/**
 * The local stack's queue: each job runs in this process after its delay, through the same
 * `attemptDelivery` the `webhook-delivery` Lambda runs in AWS. Timers do not keep the process
 * alive, and a stopped stack drops what was waiting (the local data is throw-away).
 */
export class InProcessWebhookQueue implements WebhookQueue {
  private readonly timers = new Set<NodeJS.Timeout>();
  private worker: ((job: DeliveryJob) => Promise<unknown>) | null = null;

  /** The worker is set after the queue exists (it needs the queue to schedule retries). */
  consumeWith(worker: (job: DeliveryJob) => Promise<unknown>): void {
    this.worker = worker;
  }

  async enqueue(job: DeliveryJob, delaySeconds: number): Promise<void> {
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        // An attempt that could not even be recorded (the table unreachable) is tried again later.
        void this.worker?.(job).catch(() => this.enqueue(job, RETRY_AFTER_ERROR_SECONDS));
      },
      Math.max(0, delaySeconds * 1000),
    );
    timer.unref();
    this.timers.add(timer);
  }

  stop(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}

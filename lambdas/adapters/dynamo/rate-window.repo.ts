import type { RateWindowStore } from '../../core/limits/rate-limits';
import { writtenUnlessConditionFails } from './conditions';
import type { RaincheckService } from './service';

/** Rate-limit windows in the one table: one UpdateItem per use, conditioned on the count so far. */
export class DynamoRateWindows implements RateWindowStore {
  constructor(private readonly db: RaincheckService) {}

  async take(key: string, windowStart: string, limit: number, expiresAt: Date): Promise<boolean> {
    return writtenUnlessConditionFails(() =>
      this.db.entities.rateWindow
        .update({ limitKey: key, windowStart })
        .add({ uses: 1 })
        .set({ expiresAt: Math.floor(expiresAt.getTime() / 1000) })
        .where((a, op) => `${op.notExists(a.uses)} OR ${op.lt(a.uses, limit)}`)
        .go(),
    );
  }
}

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

  async takeUpTo(
    key: string,
    windowStart: string,
    wanted: number,
    limit: number,
    expiresAt: Date,
  ): Promise<number> {
    let ask = Math.min(wanted, limit);
    // At most two tries: all that was wanted, then what the window still holds.
    for (let attempt = 0; attempt < 2 && ask > 0; attempt++) {
      const taken = ask;
      const written = await writtenUnlessConditionFails(() =>
        this.db.entities.rateWindow
          .update({ limitKey: key, windowStart })
          .add({ uses: taken })
          .set({ expiresAt: Math.floor(expiresAt.getTime() / 1000) })
          .where((a, op) => `${op.notExists(a.uses)} OR ${op.lte(a.uses, limit - taken)}`)
          .go(),
      );
      if (written) return taken;
      const { data } = await this.db.entities.rateWindow.get({ limitKey: key, windowStart }).go();
      ask = Math.min(ask, limit - (data?.uses ?? 0));
    }
    return 0;
  }
}

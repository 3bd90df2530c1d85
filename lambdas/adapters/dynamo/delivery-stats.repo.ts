import type { DeliveryStats } from '../../core/admin/metrics.ports';
import type { DeliveryDay } from '../../core/admin/money';
import type { RaincheckService } from './service';

/** The daily delivery counters: atomic ADDs on one item per UTC day, read by one range query. */
export class DynamoDeliveryStats implements DeliveryStats {
  constructor(private readonly db: RaincheckService) {}

  async add(date: string, counts: { sent?: number; bounced?: number; complained?: number }): Promise<void> {
    const add = Object.fromEntries(Object.entries(counts).filter(([, n]) => n && n > 0));
    if (Object.keys(add).length === 0) return;
    await this.db.entities.deliveryDay.update({ date }).add(add).go({ response: 'none' });
  }

  async listDays(from: string, to: string): Promise<DeliveryDay[]> {
    const { data } = await this.db.entities.deliveryDay.query
      .byDate({})
      .between({ date: from }, { date: to })
      .go({ pages: 'all' });
    return data.map((d) => ({
      date: d.date,
      sent: d.sent ?? 0,
      bounced: d.bounced ?? 0,
      complained: d.complained ?? 0,
    }));
  }
}

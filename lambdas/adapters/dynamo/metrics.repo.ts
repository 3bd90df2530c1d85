import type { MetricsAccount, MetricsInvoice, MetricsSubscription } from '../../core/admin/metrics';
import type { MetricsStore } from '../../core/admin/metrics.ports';
import type { RaincheckService } from './service';

/**
 * The admin metrics' reads: one query per kind on its constant gsi2 partition (`metrics#<kind>`,
 * see entities/table.ts), all pages. Items written before those keys existed are not in the index
 * (docs/metrics.md).
 */
export class DynamoMetricsStore implements MetricsStore {
  constructor(private readonly db: RaincheckService) {}

  async listProfiles(): Promise<MetricsAccount[]> {
    const { data } = await this.db.entities.profile.query
      .allForMetrics({})
      .go({ pages: 'all', attributes: ['userId', 'createdAt', 'email', 'name', 'company'] });
    return data.map((p) => ({
      userId: p.userId,
      createdAt: p.createdAt ?? null,
      email: p.email,
      ...(p.name ? { name: p.name } : {}),
      ...(p.company ? { company: p.company } : {}),
    }));
  }

  async listSubscriptions(): Promise<MetricsSubscription[]> {
    const { data } = await this.db.entities.subscription.query.allForMetrics({}).go({ pages: 'all' });
    return data.map((s) => ({
      ownerId: s.userId,
      id: s.id ?? null,
      plan: s.plan,
      status: s.status,
      billingCycle: s.billingCycle,
      createdAt: s.createdAt ?? null,
      endDate: s.endDate ?? null,
      canceledAt: s.cancellationDate ?? null,
      currentPeriodEnd: s.currentPeriodEnd ?? null,
      customerId: s.customerId ?? null,
    }));
  }

  async listInvoices(): Promise<MetricsInvoice[]> {
    const { data } = await this.db.entities.billingEntry.query.allForMetrics({}).go({
      pages: 'all',
      attributes: [
        'invoiceId',
        'ownerId',
        'date',
        'amount',
        'status',
        'paymentFailed',
        'description',
        'invoiceNumber',
      ],
    });
    return data.map((e) => ({
      id: e.invoiceId,
      ownerId: e.ownerId,
      date: e.date,
      amount: e.amount,
      status: e.status,
      ...(e.paymentFailed ? { paymentFailed: true } : {}),
      description: e.description,
      invoiceNumber: e.invoiceNumber ?? null,
    }));
  }

  async customerEmails(customerIds: string[]): Promise<Map<string, string>> {
    const ids = [...new Set(customerIds)];
    if (ids.length === 0) return new Map();
    const { data } = await this.db.entities.billingCustomer
      .get(ids.map((customerId) => ({ customerId })))
      .go({ attributes: ['customerId', 'email'] });
    return new Map(data.map((c) => [c.customerId, c.email]));
  }
}

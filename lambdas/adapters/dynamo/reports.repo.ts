import type { ReportDefinition, ReportSection } from '../../../shared/reports';
import type { TenantId } from '../../core/caller';
import type { ReportRepo } from '../../core/reports/reports.ports';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';

type Item = {
  reportId: string;
  title: string;
  jobsites: unknown;
  range: unknown;
  sections: string[];
  createdAt: string;
  updatedAt: string;
};

const fromItem = (d: Item): ReportDefinition => ({
  id: d.reportId,
  title: d.title,
  jobsites: d.jobsites as ReportDefinition['jobsites'],
  range: d.range as ReportDefinition['range'],
  sections: d.sections as ReportSection[],
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});

/** Saved report definitions, one item each under the tenant's partition. */
export class DynamoReportRepo implements ReportRepo {
  constructor(private readonly db: RaincheckService) {}

  async create(tenant: TenantId, report: ReportDefinition): Promise<void> {
    const { id, ...rest } = report;
    await this.db.entities.reportDefinition.create({ ...tenantKey(tenant, { reportId: id }), ...rest }).go();
  }

  async get(tenant: TenantId, id: string): Promise<ReportDefinition | null> {
    const { data } = await this.db.entities.reportDefinition.get(tenantKey(tenant, { reportId: id })).go();
    return data ? fromItem(data) : null;
  }

  async list(tenant: TenantId): Promise<ReportDefinition[]> {
    const { data } = await this.db.entities.reportDefinition.query
      .byTenant(tenantKey(tenant))
      .go({ pages: 'all' });
    return data.map(fromItem).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }
}

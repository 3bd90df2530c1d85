import type { EntityItem } from 'electrodb';
import type { EmailTemplate } from '../../../shared/email/template';
import type { TenantId } from '../../core/caller';
import type { EmailTemplateRepo } from '../../core/email/email.ports';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';
import { isConditionFailure } from './conditions';

type TemplateItem = EntityItem<RaincheckService['entities']['emailTemplate']>;

const fromItem = (i: TemplateItem): EmailTemplate => ({
  id: i.templateId,
  name: i.name,
  kind: i.kind,
  audience: i.audience,
  subject: i.subject,
  body: i.body,
  createdAt: i.createdAt,
  updatedAt: i.updatedAt,
});

const toItem = (tenant: TenantId, t: EmailTemplate) =>
  tenantKey(tenant, {
    templateId: t.id,
    name: t.name,
    kind: t.kind,
    audience: t.audience,
    subject: t.subject,
    body: t.body,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  });

export class DynamoEmailTemplateRepo implements EmailTemplateRepo {
  constructor(private readonly db: RaincheckService) {}

  async list(tenant: TenantId): Promise<EmailTemplate[]> {
    const { data } = await this.db.entities.emailTemplate.query
      .byTenant(tenantKey(tenant))
      .go({ pages: 'all' });
    return data.map(fromItem);
  }

  async get(tenant: TenantId, id: string): Promise<EmailTemplate | null> {
    const { data } = await this.db.entities.emailTemplate.get(tenantKey(tenant, { templateId: id })).go();
    return data ? fromItem(data) : null;
  }

  async create(tenant: TenantId, template: EmailTemplate): Promise<void> {
    await this.db.entities.emailTemplate.create(toItem(tenant, template)).go();
  }

  async replace(tenant: TenantId, template: EmailTemplate, expectedUpdatedAt: string): Promise<boolean> {
    try {
      await this.db.entities.emailTemplate
        .put(toItem(tenant, template))
        .where((a, op) => op.eq(a.updatedAt, expectedUpdatedAt))
        .go();
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }

  async remove(tenant: TenantId, id: string): Promise<void> {
    await this.db.entities.emailTemplate.delete(tenantKey(tenant, { templateId: id })).go();
  }
}

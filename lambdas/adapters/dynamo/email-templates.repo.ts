import type { EntityItem } from 'electrodb';
import type { EmailTemplate } from '../../../shared/email/template';
import type { TenantId } from '../../core/caller';
import type { EmailTemplateRepo } from '../../core/email/email.ports';
import type { RaincheckService } from './service';
import { tenantKey } from './tenant-keys';
import { tenantRecordReads } from './record-repo';
import { pickFields } from '../../../shared/pick-fields';
import type { Limit } from '../../../shared/plans';
import { GuardRefusedError } from '../../core/records/records.ports';
import {
  claimUnique,
  createCounted,
  deleteCounted,
  failedItems,
  releaseUnique,
  uniqueHolder,
  uniqueKey,
  writeGuarded,
  type Counted,
} from './record-guards';

type TemplateItem = EntityItem<RaincheckService['entities']['emailTemplate']>;

/** What a template stores as it is; its id is the item's `templateId`. */
const TEMPLATE_FIELDS = ['name', 'kind', 'audience', 'subject', 'body', 'createdAt', 'updatedAt'] as const;

const fromItem = (i: TemplateItem): EmailTemplate => ({
  id: i.templateId,
  ...pickFields(i, TEMPLATE_FIELDS),
});

const toItem = (tenant: TenantId, t: EmailTemplate) =>
  tenantKey(tenant, { templateId: t.id, ...pickFields(t, TEMPLATE_FIELDS) });

const pairGuard = (t: Pick<EmailTemplate, 'kind' | 'audience'>) =>
  uniqueKey('templatePair', `${t.kind}#${t.audience}`);

/**
 * An account's templates. A create counts up the account's templates within the plan's limit and
 * takes the guard of its kind × audience, in the template's own transaction, so parallel creates
 * can neither pass the limit nor make two templates of one pair (see record-guards.ts).
 */
export class DynamoEmailTemplateRepo implements EmailTemplateRepo {
  constructor(private readonly db: RaincheckService) {}

  /** Built on use: the entity must not be made while a Lambda loads (test/unit/lambdas/lazy-entities). */
  private get reads() {
    return tenantRecordReads(this.db.entities.emailTemplate, 'templateId', fromItem);
  }

  list(tenant: TenantId): Promise<EmailTemplate[]> {
    return this.reads.list(tenantKey(tenant).tenantId);
  }

  get(tenant: TenantId, id: string): Promise<EmailTemplate | null> {
    return this.reads.get(tenantKey(tenant).tenantId, id);
  }

  /** The account's template counter, counted from the templates when it must be made. */
  private counted(tenantId: string): Counted {
    return {
      tenantId,
      kind: 'emailTemplate',
      countNow: async () => {
        const { data } = await this.db.entities.emailTemplate.query
          .byTenant({ tenantId })
          .go({ pages: 'all', consistent: true, attributes: ['templateId'] });
        return data.length;
      },
    };
  }

  async create(tenant: TenantId, template: EmailTemplate, max: Limit = null): Promise<void> {
    const { tenantId } = tenantKey(tenant);
    const result = await createCounted(
      this.db,
      this.counted(tenantId),
      max,
      ({ emailTemplate, recordGuard }) => [
        emailTemplate.create(toItem(tenant, template)).commit(),
        claimUnique(recordGuard, tenantId, pairGuard(template), template.id),
      ],
    );
    const failed = failedItems(result);
    if (failed.includes(1)) throw new GuardRefusedError('unique');
    if (failed.includes(2)) throw new GuardRefusedError('limit');
    if (result.canceled) throw new Error('The template write was canceled');
  }

  /** A template moved to another kind × audience gives up its old pair's guard (if it held it). */
  async replace(tenant: TenantId, template: EmailTemplate, expectedUpdatedAt: string): Promise<boolean> {
    const { tenantId } = tenantKey(tenant);
    const stored = await this.get(tenant, template.id);
    if (!stored) return false;
    const oldGuard = pairGuard(stored);
    const release =
      oldGuard !== pairGuard(template) && (await uniqueHolder(this.db, tenantId, oldGuard)) === template.id;
    const result = await writeGuarded(this.db, ({ emailTemplate, recordGuard }) => [
      emailTemplate
        .put(toItem(tenant, template))
        .where((a, op) => op.eq(a.updatedAt, expectedUpdatedAt))
        .commit(),
      claimUnique(recordGuard, tenantId, pairGuard(template), template.id),
      ...(release ? [releaseUnique(recordGuard, tenantId, oldGuard, template.id)] : []),
    ]);
    const failed = failedItems(result);
    if (failed.includes(1)) throw new GuardRefusedError('unique');
    if (failed.length) return false;
    if (result.canceled) throw new Error('The template write was canceled');
    return true;
  }

  /** Counts down and frees the pair; a template already gone (a parallel delete) is left as it is. */
  async remove(tenant: TenantId, id: string): Promise<void> {
    const { tenantId } = tenantKey(tenant);
    const stored = await this.get(tenant, id);
    if (!stored) return;
    const holds = (await uniqueHolder(this.db, tenantId, pairGuard(stored))) === id;
    await deleteCounted(this.db, this.counted(tenantId), ({ emailTemplate, recordGuard }) => [
      emailTemplate
        .delete(tenantKey(tenant, { templateId: id }))
        .where((a, op) => op.exists(a.templateId))
        .commit(),
      ...(holds ? [releaseUnique(recordGuard, tenantId, pairGuard(stored), id)] : []),
    ]);
  }
}
